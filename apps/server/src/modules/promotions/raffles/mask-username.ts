/** A winner's name for everyone to see: the first and last characters, the rest hidden ("al***e"). */
export const maskUsername = (username: string): string => {
  if (username.length <= 2) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
};
