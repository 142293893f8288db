import { lazyScreen } from '@/team/lazyScreen';
import { TeamPage } from '@/team/TeamShell';

const { Screen: MyReviews, preload } = lazyScreen(() => import('@/team/MyReviews').then((module) => module.MyReviews));

export default function TeamMyReviewsPage() {
  return (
    <TeamPage title="Mis revisiones" roles={['reviewer', 'admin']} preload={preload}>
      {() => <MyReviews />}
    </TeamPage>
  );
}
