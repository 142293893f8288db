import { MyReviews } from '../../../api/contracts/teamApplications';
import { listMyReviews } from '../myReviews';
import { REVIEWERS } from '../roles';
import { getOptions, sessionOf, type TeamResource } from './shared';

/** GET /my-reviews: the applications assigned to the signed-in reviewer (or admin), pending and scored, oldest first. */
export const myReviewRoutes: TeamResource = async (team, { database }) => {
  team.get('/my-reviews', { ...getOptions(REVIEWERS), schema: { response: { 200: MyReviews } } }, (request) => listMyReviews(database, sessionOf(request)));
};
