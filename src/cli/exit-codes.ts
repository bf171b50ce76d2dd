/** Exit statuses an MTA understands (sysexits.h), shared by `tessera mail-in` and its actions. */

/** A failure that is not the mail's fault: the MTA keeps the mail and delivers it again later. */
export const EX_TEMPFAIL = 75;
