/**
 * How a form reads the item it edits: once per opening. Kept only while the form shows it (gcTime 0),
 * so that opened again the form starts from the server's version; and not read again while it shows
 * (never stale: not when the network comes back, nor on focus), since the form is filled from that
 * read and saves over its version. A later read reset what had been typed, and put a newer version
 * under it, so that the save went over someone else's change unseen instead of being refused.
 */
export const readOncePerOpening = { gcTime: 0, staleTime: Infinity } as const;
