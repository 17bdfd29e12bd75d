import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { type PortalActor, portalActorOf, VISITOR } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { isSameOriginRequest } from "@/server/domain/access/same-origin";
import { AppError } from "@/server/domain/errors";
import { rateLimitHeaders } from "@/server/services/access";
import { publicUrlOf } from "@/server/services/deps";
import {
  createFile,
  credentialUploadTarget,
  discardUpload,
  type FileContent,
  type FileDeps,
  openFileForPortal,
  openLinkedFile,
  portalUploadTarget,
  receiveUpload,
} from "@/server/services/files";
import type { AppDeps } from "./context";
import { errorResponse } from "./error-response";
import { fileHeaders, readFilePart } from "./file-transfer";

/** A file's bytes as a fetch Response, with the headers every face gives a download. */
async function fileResponse(content: FileContent, method: string): Promise<Response> {
  const headers = fileHeaders(content.file);
  if (method === "HEAD") return new Response(null, { headers });
  const body = Readable.toWeb(await content.open()) as ReadableStream;
  return new Response(body, { headers });
}

/** The signed-in portal user as the actor of a file route, or UNAUTHENTICATED. */
function signedIn(user: PortalUser | null, message = "Masuk terlebih dahulu untuk membuka berkas."): PortalActor {
  const actor = user && portalActorOf(user);
  if (!actor) throw new AppError("UNAUTHENTICATED", message);
  return actor;
}

/**
 * GET /api/berkas/{id}: a file a signed-in portal user may open (services/files/portal-files.ts
 * decides); `user` is who the session stands for now (runtime/portal.ts portalRoute), or null.
 */
export async function portalDownload(req: Request, deps: FileDeps, user: PortalUser | null, fileId: string): Promise<Response> {
  try {
    return await fileResponse(await openFileForPortal(deps, { actor: signedIn(user), fileId }), req.method);
  } catch (err) {
    return errorResponse(req, publicUrlOf(deps), err);
  }
}

/**
 * POST /api/berkas?order={id}: a portal user's upload onto an order (multipart, part `file`), or
 * with ?purpose=credential a practitioner's scan of a credential (services/files credentialUploadTarget), from
 * the portal's own pages only (CSRF) and at most `portalUploadsPerUser` a window per user (429
 * with Retry-After), both checked before the body is read; answers the file's id, name, type and
 * size for the form to attach on submit. `user` as for portalDownload.
 */
export async function portalUpload(
  req: Request,
  deps: FileDeps & Pick<AppDeps, "rateLimiter">,
  user: PortalUser | null,
  publicOrigins: readonly string[],
): Promise<Response> {
  // A refusal leaves the body unread: the connection is closed rather than read to its end.
  const close = { Connection: "close" };
  try {
    const actor = signedIn(user, "Masuk terlebih dahulu untuk mengunggah berkas.");
    if (!isSameOriginRequest(req.headers, publicOrigins))
      throw new AppError(
        "FORBIDDEN",
        "Permintaan ini tidak berasal dari halaman Kuasa sendiri, jadi ditolak. Muat ulang halaman lalu coba lagi.",
      );
    const decision = await deps.rateLimiter?.consume(actor.id, "portal_upload");
    if (decision && !decision.allowed) {
      const refusal = new AppError("RATE_LIMITED", `Terlalu banyak unggahan; coba lagi dalam ${decision.resetSeconds} detik.`);
      return errorResponse(req, publicUrlOf(deps), refusal, { ...rateLimitHeaders(decision), ...close });
    }
    const query = new URL(req.url).searchParams;
    const { owner, uploader } =
      query.get("purpose") === "credential"
        ? credentialUploadTarget(deps, { actor })
        : await portalUploadTarget(deps, { actor, orderId: query.get("order") ?? "" });
    if (!req.body) throw new AppError("VALIDATION", "Pilih berkas yang akan diunggah.");
    const body = Readable.fromWeb(req.body as NodeWebStream);
    const upload = await readFilePart(
      Object.fromEntries(req.headers),
      body,
      deps.files.maxBytes,
      (file, filename) => receiveUpload(deps, { source: file, clientFilename: filename }),
      (received) => discardUpload(deps, { storageKey: received.storageKey }),
    );
    const file = await createFile(deps, {
      actor,
      owner,
      uploader,
      upload,
    });
    return Response.json(
      { id: file.id, filename: file.filename, contentType: file.contentType, size: file.size },
      { status: 201, headers: { "Cache-Control": "no-store" } },
    );
  } catch (err) {
    return errorResponse(req, publicUrlOf(deps), err, close);
  }
}

/** GET /unduh/{token}: a file link made with POST /v1/file_links, without a key, while it lives. */
export async function linkDownload(req: Request, deps: FileDeps, token: string): Promise<Response> {
  try {
    return await fileResponse(
      await openLinkedFile(deps, {
        actor: VISITOR,
        token,
      }),
      req.method,
    );
  } catch (err) {
    return errorResponse(req, publicUrlOf(deps), err);
  }
}
