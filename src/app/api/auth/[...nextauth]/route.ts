import NextAuth from "next-auth";
import { authOptions } from "@/server/runtime/portal";

type Handler = (req: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

// Built per request from the running app (its database, throttle and public URL), not at import.
const handler: Handler = (req, context) => (NextAuth(authOptions()) as Handler)(req, context);

export { handler as GET, handler as POST };
