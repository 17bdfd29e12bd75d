/**
 * Which webhook URLs are accepted where. Through the API an order's callback_url need only be
 * http(s) (spec); the dashboard and CLI accept https, or http://localhost for development.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && /^https?:\/\//i.test(value);
  } catch {
    return false;
  }
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isDashboardWebhookUrl(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" || LOCAL_HOSTS.has(url.hostname);
}
