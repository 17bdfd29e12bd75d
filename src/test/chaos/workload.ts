import type { OrderStatus } from "@/generated/prisma/enums";
import type { Db } from "@/server/db/client";
import { systemClock } from "@/server/domain/clock";
import { AppError } from "@/server/domain/errors";
import { practitionerActorOf } from "@/server/services/access";
import { acceptOffer, declineOffer } from "@/server/services/offers";
import { deliverResult, type OperatorOrderAction, operatorOrderAction, startWork } from "@/server/services/orders";
import { TEST_OPERATOR } from "@/test/actors";
import { ndaOrder } from "@/test/orders";
import { AgentClient, type Answer, type ClientStats } from "./agent-client";
import type { AgentCreate } from "./invariants";
import type { Rng } from "./rng";
import { CREATE_KEY_FIELD } from "./snapshot";

/**
 * The traffic the server is killed under: agents with a test key drive their orders through the
 * sandbox's helpers, agents with a live key wait for real practitioners; the practitioners'
 * desk (taking, declining, working, delivering) and the operator's refunds and settlements run
 * here through the services, against the same database, as the portals would.
 */

/** The part of an order's JSON the agents act on. */
interface OrderView {
  id: string;
  status: OrderStatus;
  offering: { stalled_since: string | null } | null;
  costs: Array<{ id: string; status: string }>;
}

interface WorkloadStats {
  /** Orders created per mode and plan, e.g. "test complete". */
  flows: Record<string, number>;
  creates: AgentCreate[];
  /** Answers and errors no careful agent or portal should ever see. */
  problems: string[];
  /** Practitioner and operator actions that lost a race to another actor (409 or 404): expected. */
  lostRaces: number;
}

export interface WorkloadOptions {
  /** The server instances; agent n talks to instance n mod their number, the same one throughout. */
  baseUrls: readonly string[];
  testToken: string;
  liveToken: string;
  /** Some orders carry a callback_url on the receiver instead of using the key's webhook URL. */
  callbackUrl: string;
  db: Db;
  practitionerIds: string[];
  /** One generator per actor, so each actor's choices follow from the seed alone. */
  rngFor: (actor: string) => Rng;
  clientStats: ClientStats;
  testAgents: number;
  liveAgents: number;
}

export interface Workload {
  stats: WorkloadStats;
  /** No new orders; each actor finishes the step it is in (a keyed request until answered). */
  stop(): Promise<void>;
}

const TEST_PLANS = ["complete", "auto_accept", "cancel", "refund", "dispute", "stall", "leave"] as const;
const LIVE_PLANS = ["complete", "cancel", "operator_refund", "dispute", "leave"] as const;
type Plan = (typeof TEST_PLANS)[number] | (typeof LIVE_PLANS)[number];

const OPEN: readonly OrderStatus[] = ["dibayar", "ditawarkan"];
const FINAL: readonly OrderStatus[] = ["selesai", "dibatalkan", "direfund"];
/** A live flow waits this long at most for practitioners before leaving its order as it is. */
const LIVE_FLOW_MS = 45_000;

/** The official fee the simulated practitioner asks for: an unlisted cost with its basis. */
const COST_REQUEST = {
  kind: "lainnya",
  description: "Meterai elektronik (uji ketahanan)",
  amount_idr: 10_000,
  basis: "UU 10/2020 tentang Bea Meterai",
};

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ok = (answer: Answer) => answer.status === 200 || answer.status === 201;

interface Step {
  name: string;
  path: string;
  body: Record<string, unknown>;
  /** An agent POST with its Idempotency-Key; otherwise a test helper, sent once. */
  keyed: boolean;
}

/** What a test-mode agent does next for `plan`, given the order as it is; null when the flow is over. */
function nextTestStep(plan: Plan, order: OrderView, choice: { settle: string; refundStall: boolean }): Step | null {
  const helper = (name: string, body: Record<string, unknown> = {}): Step => ({
    name,
    path: `/v1/test_helpers/orders/${order.id}/${name}`,
    body,
    keyed: false,
  });
  const agent = (name: string, body: Record<string, unknown> = {}): Step => ({
    name,
    path: `/v1/orders/${order.id}/${name}`,
    body,
    keyed: true,
  });
  const open = OPEN.includes(order.status);
  const stalled = Boolean(order.offering?.stalled_since);
  switch (plan) {
    case "cancel":
      return open ? agent("cancel", { reason: "Tidak jadi (uji ketahanan)." }) : null;
    case "refund":
      return open ? helper("refund") : null;
    case "stall":
      if (open && !stalled) return helper("stall_offering");
      return stalled && choice.refundStall ? helper("refund_stalled") : null;
    case "complete":
    case "auto_accept":
    case "dispute": {
      if (open) return helper("accept");
      if (order.status === "diambil") return helper("start");
      // While the work goes on: the practitioner asks for an official fee, the agent approves it
      // (into escrow); a disputed order refunded then refunds the cost with it.
      const asked = order.costs.find((c) => c.status === "diajukan");
      if (order.status === "dikerjakan" && order.costs.length === 0) return helper("costs", COST_REQUEST);
      if (order.status === "dikerjakan" && asked) return agent(`costs/${asked.id}/approve`);
      if (order.status === "dikerjakan")
        return plan === "dispute"
          ? agent("dispute", { reason: "Tidak ada kabar (uji ketahanan)." })
          : helper("deliver", { deliverable: "https://berkas.contoh.id/hasil.pdf" });
      if (order.status === "diserahkan") return plan === "auto_accept" ? helper("auto_accept") : agent("accept");
      if (order.status === "sengketa") return helper(choice.settle);
      return null;
    }
    default:
      return null;
  }
}

export function startWorkload(options: WorkloadOptions): Workload {
  const stats: WorkloadStats = { flows: {}, creates: [], problems: [], lostRaces: 0 };
  let stopping = false;
  const deps = { db: options.db, clock: systemClock };
  const problem = (what: string) => {
    stats.problems.push(what);
    console.error(`[chaos] ${what}`);
  };

  /** Service calls of the practitioners and the operator: losing a race is normal, anything else is not. */
  async function asActor(what: string, act: () => Promise<unknown>): Promise<boolean> {
    try {
      await act();
      return true;
    } catch (err) {
      if (err instanceof AppError && (err.code === "INVALID_STATE" || err.code === "NOT_FOUND")) stats.lostRaces++;
      else problem(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      return false;
    }
  }

  async function createOrder(client: AgentClient, mode: "test" | "live", key: string, plan: Plan, rng: Rng): Promise<OrderView | null> {
    const body = ndaOrder({
      metadata: { [CREATE_KEY_FIELD]: key },
      ...(rng.next() < 0.3 ? { callback_url: `${options.callbackUrl}/${mode}` } : {}),
    });
    const answer = await client.postWithKey("/v1/orders", body, key);
    if (!ok(answer)) {
      problem(`POST /v1/orders (${mode}) answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return null;
    }
    const order = answer.body as OrderView;
    stats.creates.push({ idempotencyKey: key, orderId: order.id });
    stats.flows[`${mode} ${plan}`] = (stats.flows[`${mode} ${plan}`] ?? 0) + 1;
    return order;
  }

  async function read(client: AgentClient, orderId: string): Promise<OrderView | null> {
    const answer = await client.get(`/v1/orders/${orderId}`);
    if (answer.status === 200) return answer.body as OrderView;
    problem(`GET /v1/orders/${orderId} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return null;
  }

  const instanceFor = (n: number) => options.baseUrls[n % options.baseUrls.length]!;

  async function testAgent(name: string, baseUrl: string): Promise<void> {
    const client = new AgentClient(baseUrl, options.testToken, options.clientStats);
    const rng = options.rngFor(name);
    for (let n = 1; !stopping; n++) {
      const plan = rng.pick(TEST_PLANS);
      const key = `chaos-${name}-${n}`;
      let order = await createOrder(client, "test", key, plan, rng);
      const choice = { settle: rng.pick(["settle_dispute", "refund"]), refundStall: rng.next() < 0.5 };
      // Bounded: a step that lost a race to the sweeper is tried again after reading the order.
      for (let steps = 0; order && steps < 30; steps++) {
        const step = nextTestStep(plan, order, choice);
        if (!step) break;
        const answer = step.keyed
          ? await client.postWithKey(step.path, step.body, `${key}-${step.name}`)
          : await client.postOnce(step.path, step.body);
        // A cost's step answers the cost; the order is read again for the next step.
        if (ok(answer)) order = step.path.includes("/costs") ? await read(client, order.id) : (answer.body as OrderView);
        else if (answer.status === 0 || answer.status === 409 || answer.status >= 500) order = await read(client, order.id);
        else {
          problem(`POST ${step.path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
          break;
        }
      }
    }
  }

  async function operator(orderId: string, action: OperatorOrderAction): Promise<boolean> {
    return asActor(`operator ${action} ${orderId}`, () => operatorOrderAction(deps, { actor: TEST_OPERATOR, input: { orderId, action } }));
  }

  async function liveAgent(name: string, baseUrl: string): Promise<void> {
    const client = new AgentClient(baseUrl, options.liveToken, options.clientStats);
    const rng = options.rngFor(name);
    for (let n = 1; !stopping; n++) {
      let plan: Plan = rng.pick(LIVE_PLANS);
      const key = `chaos-${name}-${n}`;
      let order = await createOrder(client, "live", key, plan, rng);
      const settle: OperatorOrderAction = rng.pick(["settle_for_practitioner", "refund"] as const);
      const until = Date.now() + LIVE_FLOW_MS;
      while (
        order &&
        plan !== "leave" &&
        !FINAL.includes(order.status) &&
        !order.offering?.stalled_since &&
        Date.now() < until &&
        !stopping
      ) {
        const open = OPEN.includes(order.status);
        if (plan === "cancel" && open) {
          const answer = await client.postWithKey(
            `/v1/orders/${order.id}/cancel`,
            { reason: "Tidak jadi (uji ketahanan)." },
            `${key}-cancel`,
          );
          if (answer.status === 409) plan = "complete";
          else if (!ok(answer)) problem(`cancel ${order.id} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        } else if (plan === "operator_refund" && open) {
          if (!(await operator(order.id, "refund"))) plan = "complete";
        } else if (plan === "dispute" && ["diambil", "dikerjakan", "diserahkan"].includes(order.status)) {
          const answer = await client.postWithKey(
            `/v1/orders/${order.id}/dispute`,
            { reason: "Tidak ada kabar (uji ketahanan)." },
            `${key}-dispute`,
          );
          if (!ok(answer) && answer.status !== 409)
            problem(`dispute ${order.id} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        } else if (order.status === "sengketa") {
          await operator(order.id, settle);
        } else if (order.status === "diserahkan") {
          const answer = await client.postWithKey(`/v1/orders/${order.id}/accept`, {}, `${key}-accept`);
          if (!ok(answer) && answer.status !== 409) problem(`accept ${order.id} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        } else {
          await delay(250);
        }
        order = await read(client, order.id);
      }
    }
  }

  /** Three practitioners at their desks: most offers taken, some declined, taken work started and delivered. */
  async function practitioners(): Promise<void> {
    const rng = options.rngFor("practitioners");
    const mine = { in: options.practitionerIds };
    while (!stopping) {
      const offers = await options.db.offer.findMany({
        where: { status: "aktif", practitionerId: mine },
        select: { id: true, practitionerId: true },
        take: 20,
      });
      for (const offer of offers) {
        const take = rng.next() < 0.85;
        await asActor(`${take ? "accept" : "decline"} offer ${offer.id}`, async () =>
          take
            ? acceptOffer(deps, { noConflict: true, actor: await practitionerActorOf(deps.db, offer.practitionerId), offerId: offer.id })
            : declineOffer(deps, {
                actor: await practitionerActorOf(deps.db, offer.practitionerId),
                offerId: offer.id,
              }),
        );
      }
      const held = await options.db.order.findMany({
        where: { practitionerId: mine, status: { in: ["diambil", "dikerjakan"] } },
        select: { id: true, status: true, practitionerId: true },
        take: 20,
      });
      for (const order of held) {
        await asActor(`${order.status === "diambil" ? "start" : "deliver"} ${order.id}`, async () =>
          order.status === "diambil"
            ? startWork(deps, { actor: await practitionerActorOf(deps.db, order.practitionerId!), orderId: order.id })
            : deliverResult(deps, {
                actor: await practitionerActorOf(deps.db, order.practitionerId!),
                orderId: order.id,
                deliverable: "https://berkas.contoh.id/hasil.pdf",
              }),
        );
      }
      await delay(150);
    }
  }

  const guard = (name: string, run: () => Promise<void>) =>
    run().catch((err: unknown) => problem(`${name} stopped: ${err instanceof Error ? err.message : String(err)}`));
  const actors = [
    ...Array.from({ length: options.testAgents }, (_, i) => guard(`test agent ${i + 1}`, () => testAgent(`test${i + 1}`, instanceFor(i)))),
    ...Array.from({ length: options.liveAgents }, (_, i) =>
      guard(`live agent ${i + 1}`, () => liveAgent(`live${i + 1}`, instanceFor(options.testAgents + i))),
    ),
    guard("practitioners", practitioners),
  ];
  return {
    stats,
    async stop() {
      stopping = true;
      await Promise.all(actors);
    },
  };
}
