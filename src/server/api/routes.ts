import type { Meta } from "./trpc";
import { v1Router } from "./v1";

export interface RestRoute {
  method: string;
  /** OpenAPI template, e.g. /v1/services/{code}. */
  path: string;
  pattern: RegExp;
  procedurePath: string;
  meta: Meta;
}

function toPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^/}]+\}/g, "[^/]+");
  return new RegExp(`^${escaped}/?$`);
}

/** The REST routes of the v1 router, read from the procedures' own meta. */
export const REST_ROUTES: readonly RestRoute[] = Object.entries(v1Router._def.procedures).flatMap(([procedurePath, procedure]) => {
  const meta = (procedure as unknown as { _def: { meta?: Meta } })._def.meta;
  if (!meta?.openapi) return [];
  const { method, path } = meta.openapi;
  return [{ method, path, pattern: toPattern(path), procedurePath, meta }];
});

/** The methods a path answers to, for telling 404 from 405. */
export function methodsForPath(pathname: string): string[] {
  return REST_ROUTES.filter((r) => r.pattern.test(pathname)).map((r) => r.method);
}
