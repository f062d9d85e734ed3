let leavingOnPurpose = false;

/**
 * Leaves the app on the seller's own choice ("Sair", or another seller signed in over the page):
 * no browser "leave site?" question on the way, even with a form not saved.
 */
export function leaveApp(url: string) {
  leavingOnPurpose = true;
  window.location.assign(url);
}

/** The page is going because the seller chose to (`leaveApp`): the browser need not ask. */
export function isLeavingOnPurpose(): boolean {
  return leavingOnPurpose;
}
