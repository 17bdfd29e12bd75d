/** Ratings run from 1 (poor) to 5 (excellent); a comment is a paragraph, not a report. */
export const REVIEW_LIMITS = { minRating: 1, maxRating: 5, comment: 1_000 } as const;
