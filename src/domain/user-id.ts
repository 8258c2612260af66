/**
 * The form of a user ID that decides who it is. A Japanese keyboard types full-width letters
 * (`Ｔａｎａｋａ`), other keyboards compose accents in one character or two (`Ö`, `O` + `̈`), and
 * people do not remember letter case: all of these name one user. NFKC folds the widths and the
 * compositions, then upper-casing and lower-casing fold the letter case fully (`ß` becomes `ss`,
 * which lower-casing alone leaves), and a last NFKC keeps the result stable when the key is
 * normalised again. Done here, in one place, the two database engines cannot disagree about it.
 */
export function userIdKey(userId: string): string {
  return userId.normalize('NFKC').trim().toUpperCase().toLowerCase().normalize('NFKC');
}

/** The two columns of an employee's user ID: as typed, and its key. Every write of one writes both. */
export function userIdColumns(userName: string | null): { user_name: string | null; user_key: string | null } {
  return { user_name: userName, user_key: userName === null ? null : userIdKey(userName) };
}
