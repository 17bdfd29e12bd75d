import { describe, expect, it } from "vitest";
import { startSettings } from "./start-script";

describe("npm start's settings", () => {
  // The bench and the crash runs start the server with these; if the script's shape changes, they must not silently lose them.
  it("are read from package.json's start script: glibc's malloc settings and V8's heap cap", () => {
    const { env, nodeFlags } = startSettings();
    expect(env).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });
    expect(nodeFlags).toEqual(["--max-old-space-size=256"]);
  });
});
