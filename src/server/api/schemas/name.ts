import { z } from "zod";
import { nameText } from "@/server/domain/text/name-text";

/**
 * The name of a person or an organisation, as an operator, an admin or an invitee writes it: one
 * line of visible characters (domain/text/name-text.ts), never empty.
 */
export const nameSchema = (max = 200) => nameText(z.string().trim().min(1, "needs a name").max(max));
