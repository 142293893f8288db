import { MyReviews } from '@/team/MyReviews';
import { TeamPage } from '@/team/TeamShell';

export default function TeamMyReviewsPage() {
  return (
    <TeamPage title="Mis revisiones" roles={['reviewer', 'admin']}>
      {() => <MyReviews />}
    </TeamPage>
  );
}
