import { describe, expect, it } from "vitest";
import { timeLeft } from "./time-left";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("timeLeft", () => {
  it.each([
    [30 * MINUTE, "30:00"],
    [4 * MINUTE + 9 * SECOND + 999, "4:09"],
    [59 * SECOND, "0:59"],
    [5 * HOUR + 4 * MINUTE + 9 * SECOND, "5:04:09"],
    [DAY - SECOND, "23:59:59"],
    [7 * DAY - MINUTE, "6 hari 23 jam"],
    [DAY, "1 hari 0 jam"],
  ])("reads %d ms as %j", (ms, text) => expect(timeLeft(ms)).toBe(text));
});
