import { describe, expect, it } from "vitest";
import { checkServiceSource } from "./check-services";

const check = (text: string) => checkServiceSource("src/server/services/orders/x.ts", text, { publicUrlOf: "a setting" });

describe("the service-shape check", () => {
  it("accepts (deps, { actor, … }) as a declaration and as an exported arrow", () => {
    expect(
      check(
        "export async function acceptOffer(deps: D, { actor, offerId }: { actor: A; offerId: string }) {}\n" +
          "export const startWork = (deps: D, { actor }: { actor: A }) => deps;\n",
      ),
    ).toEqual([]);
  });

  it("names a function that takes positional arguments, only deps, or an object without actor", () => {
    const found = check(
      "export function listMyOrders(deps: D, practitionerId: string) {}\n" +
        "export function listDisputes(deps: D) {}\n" +
        "export function getOrder(deps: D, { owner, id }: { owner: O; id: string }) {}\n" +
        "export const cancel = async (deps: D, { actor }: { actor: A }, reason: string) => reason;\n",
    );
    expect(found.map((v) => [v.name, v.line, v.problem])).toEqual([
      ["listMyOrders", 1, "its second parameter is not an object destructured in place"],
      ["listDisputes", 2, "takes only deps: add { actor }"],
      ["getOrder", 3, "its object has no actor"],
      ["cancel", 4, "takes more than (deps, { … }): put the rest in the object"],
    ]);
  });

  it("leaves transaction building blocks, unexported functions and exempt names alone", () => {
    expect(
      check(
        "export async function transfer(tx: Tx, spec: S) {}\n" +
          "function inner(deps: D, id: string) {}\n" +
          "export function publicUrlOf(deps: D) {}\n",
      ),
    ).toEqual([]);
  });
});
