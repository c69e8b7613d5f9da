import { rejectCandidateQuery } from '@preciofab/shared/contracts/discovery';

/** The rejection reason as the API reads it: trimmed, at most 500 characters, blank for none. */
export const rejectFormSchema = rejectCandidateQuery.pick({ reason: true });
