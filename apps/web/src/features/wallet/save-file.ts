/** Hands a downloaded file to the browser as a save, without opening it. */
export const saveFile = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
};
