// Files another branch is rewriting this session (the scene's face, split by another helper): the
// type check's, the lint's and the size check's findings there are printed, not failed, until that
// work lands and its types are fixed. The list only shrinks; it is to be empty by the end of the
// session.
export const PENDING = [
  /^cpp\/bindings\/scene\.face\.js$/,
];
export const pending = (file) => PENDING.some((re) => re.test(file));
