/** A refusal or message from the rules or the server ("a password is …") as a sentence on a page. */
export const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
