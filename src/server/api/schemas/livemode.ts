import { z } from "zod";

/** On every object of the agent API: which world the key that asked works in. */
export const livemodeSchema = z.boolean().meta({
  description: "`true` for live data (a `kk_live_` key), `false` for sandbox data made with a `kk_test_` key. The two never mix.",
});
