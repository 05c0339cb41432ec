// Files another branch is rewriting this session: the type check's, the lint's and the size
// check's findings there are printed, not failed, until that work lands and its types are fixed.
// The list only shrinks; it is empty now (the scene's face, the last, was split and typed).
export const PENDING = [];
export const pending = (file) => PENDING.some((re) => re.test(file));
