// Undo, redo and the browser's history over the explorer's committed states. A state is the
// page's URL (the field's query and the view's fragment: everything a design is); each committed
// change that alters it is one history entry (pushState), so Back and Forward step through designs
// and undo / redo are the same steps: undo is history.back() while there is an earlier state of
// this visit, redo history.forward(). The index of each entry rides in history.state, so a
// popstate (Back, Forward, undo, redo) knows where it landed.
export function createHistory({ apply, changed }) {
  let index = 0;    // this entry's place among the visit's states
  let top = 0;      // the last state that redo can reach
  let current = null;
  const notify = () => changed({ canUndo: index > 0, canRedo: index < top });

  addEventListener('popstate', (e) => {
    const at = e.state && Number.isInteger(e.state.nfIndex) ? e.state.nfIndex : null;
    if (at === null) return;   // an entry this page did not make
    index = at;
    top = Math.max(top, at);
    current = location.pathname + location.search + location.hash;
    apply(current);
    notify();
  });

  return {
    // The first URL of the visit (normalised in place, no new entry).
    start(url) {
      current = url;
      // A reload keeps its place in the visit's entries (Back still steps through them).
      const at = history.state && Number.isInteger(history.state.nfIndex) ? history.state.nfIndex : 0;
      index = top = at;
      history.replaceState({ nfIndex: at }, '', url);
      notify();
    },
    // A committed state: a new entry when it differs from the current one; later states are dropped.
    commit(url) {
      if (url === current) return;
      current = url;
      index += 1;
      top = index;
      history.pushState({ nfIndex: index }, '', url);
      notify();
    },
    undo() { if (index > 0) history.back(); },
    redo() { if (index < top) history.forward(); },
    get canUndo() { return index > 0; },
    get canRedo() { return index < top; },
    get index() { return index; },
  };
}
