import NextAuth from "next-auth";
import { withDeviceCookie } from "@/server/auth/device-cookie";
import { authOptions } from "@/server/runtime/portal";

type Handler = (req: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

// Built per request from the running app (its database, throttle and public URL), not at import;
// a successful sign-in's device cookie is added to next-auth's answer.
const handler: Handler = (req, context) => withDeviceCookie(() => (NextAuth(authOptions()) as Handler)(req, context));

export { handler as GET, handler as POST };
