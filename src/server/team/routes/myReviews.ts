import { roundOf } from '../../../api/contracts/common';
import { MyReviews, MyReviewsQuery } from '../../../api/contracts/teamApplications';
import { listMyReviews } from '../myReviews';
import { REVIEWERS } from '../roles';
import { getOptions, sessionOf, type TeamResource } from './shared';

/** GET /my-reviews?round=: the applications assigned to the signed-in reviewer (or admin), pending and scored, oldest first; of one round or all. */
export const myReviewRoutes: TeamResource = async (team, { database }) => {
  team.get('/my-reviews', { ...getOptions(REVIEWERS), schema: { querystring: MyReviewsQuery, response: { 200: MyReviews } } }, (request) =>
    listMyReviews(database, sessionOf(request), roundOf(request.query)),
  );
};
