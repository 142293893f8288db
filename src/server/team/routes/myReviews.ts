import { MyReviews, MyReviewsQuery } from '../../../api/contracts/teamApplications';
import { roundScope } from '../../rounds/filter';
import { listMyReviews } from '../myReviews';
import { REVIEWERS } from '../roles';
import { getOptions, sessionOf, type TeamResource } from './shared';

/** GET /my-reviews?round=: the applications assigned to the signed-in reviewer (or admin), pending and scored, oldest first; of one round, the current ones or all. */
export const myReviewRoutes: TeamResource = async (team, { database, now = () => new Date() }) => {
  team.get('/my-reviews', { ...getOptions(REVIEWERS), schema: { querystring: MyReviewsQuery, response: { 200: MyReviews } } }, async (request) =>
    listMyReviews(database, sessionOf(request), await roundScope(database, request.query.round, now())),
  );
};
