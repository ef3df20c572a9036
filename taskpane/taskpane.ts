/**
 * Task pane entry (placeholder until the `taskpane` helper's wizard replaces it): says where it runs.
 * In Excel it runs in the shared runtime beside the custom functions; in a browser it is the standalone page.
 */
function hostName(): string {
  return typeof Office !== 'undefined' ? 'Excel' : 'standalone (browser)';
}

function show(): void {
  const status = document.getElementById('status');
  if (status) status.textContent = `Tengen is ready — ${hostName()}.`;
}

if (typeof Office !== 'undefined') {
  void Office.onReady(() => show());
} else {
  show();
}
