export {
  type ClaimKey,
  deleteExpiredIdempotencyKey,
  expiredIdempotencyKeys,
  IdempotencyKeyTaken,
  NO_KEY,
  runIdempotent,
} from "./idempotency";
