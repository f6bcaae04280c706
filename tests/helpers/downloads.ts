/**
 * Catches what the page hands the browser as downloads (lib/csv.ts's downloadCsv): the files'
 * text, byte-order mark removed, and their names, in the order they were made.
 */
export function captureDownloads(): { texts: () => Promise<string[]>; names: () => string[] } {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:download-${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  const read = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^\uFEFF/, ''));
      reader.readAsText(blob);
    });
  return { texts: () => Promise.all(blobs.map(read)), names: () => [...names] };
}
