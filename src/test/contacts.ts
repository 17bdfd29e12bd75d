import fc from "fast-check";

/** Generators of contact data for the masking tests. */

/** `min` to `max` ASCII digits. */
export const digitString = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(""));

const twoDigits = (min: number, max: number) => fc.integer({ min, max }).map((n) => String(n).padStart(2, "0"));

/** A NIK's 16 digits with a real layout: province, regency, district, birth date (women + 40), serial. */
export const nikDigits = fc
  .tuple(
    twoDigits(11, 94),
    twoDigits(1, 79),
    twoDigits(1, 50),
    fc.boolean(),
    twoDigits(1, 28),
    twoDigits(1, 12),
    twoDigits(0, 99),
    digitString(4, 4),
  )
  .map(
    ([province, regency, district, woman, day, month, year, serial]) =>
      `${province}${regency}${district}${woman ? Number(day) + 40 : day}${month}${year}${serial}`,
  );
