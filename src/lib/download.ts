/** Hands text to the browser as a file to save (CSV exports, the workspace file). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it is not needed once this task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
