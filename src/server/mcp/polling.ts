import { resourceCall, type Subscriptions } from "./resources";
import type { Poller } from "./rest-client";
import { toolOf } from "./server";
import type { ToolSet } from "./tools";

interface Followed {
  /** The answer last seen, as JSON: a change is a different answer, whether or not the read carries an ETag. */
  seen: string;
  etag: string | null;
}

export interface PolledSubscriptions extends Subscriptions {
  /** Reads every followed resource once and notifies those whose answer changed; the timer calls it. */
  poll(): Promise<void>;
}

/**
 * The stdio face's subscriptions (kuasa-mcp has no database, and the API cannot call a desktop
 * back): while any resource is followed, every `intervalMs` it reads each again from the REST API
 * (`GET /v1/orders/{id}`, `GET /v1/services` with If-None-Match where the API gave an ETag) and
 * sends `notifications/resources/updated` when the answer differs from the one last seen. A read
 * that fails (the API out of reach, a refusal) is tried again at the next poll.
 */
export function createPolledSubscriptions({
  read,
  toolSet,
  notify,
  intervalMs,
}: {
  read: Poller;
  toolSet: ToolSet;
  notify: (uri: string) => Promise<void>;
  intervalMs: number;
}): PolledSubscriptions {
  const followed = new Map<string, Followed>();
  let timer: NodeJS.Timeout | undefined;

  async function pollOne(uri: string, entry: Followed): Promise<void> {
    const call = resourceCall(uri);
    if (call === null) return;
    const tool = toolOf(toolSet, call.procedure);
    const parsed = tool.parseArguments(call.args);
    if (!parsed.success) return;
    const polled = await read(tool, parsed.call, entry.etag);
    if (polled.unchanged || !polled.answer.ok) return;
    entry.etag = polled.etag;
    const seen = JSON.stringify(polled.answer.body);
    if (seen === entry.seen) return;
    entry.seen = seen;
    // Unsubscribed while this read was out: not told.
    if (followed.get(uri) === entry) await notify(uri);
  }

  async function poll(): Promise<void> {
    for (const [uri, entry] of followed) await pollOne(uri, entry).catch(() => undefined);
  }

  function schedule(): void {
    if (timer !== undefined || followed.size === 0) return;
    timer = setTimeout(() => {
      void poll().finally(() => {
        timer = undefined;
        schedule();
      });
    }, intervalMs);
    timer.unref();
  }

  return {
    async subscribe(uri, answer) {
      // Following it already: the answer last seen stays, so a change not yet told is not lost.
      if (!followed.has(uri)) followed.set(uri, { seen: JSON.stringify(answer), etag: null });
      schedule();
    },
    async unsubscribe(uri) {
      followed.delete(uri);
    },
    poll,
  };
}
