import { chakra } from '@chakra-ui/react';
import type { CourseCardCopy } from '@/content/types';
import { ActionLink } from './ActionLink';
import { Badges } from './Badges';

/** A course as a card: illustration, badges (rating included), title, summary, duration, and its call to action. */
export function CourseCard({ course }: { course: CourseCardCopy }) {
  return (
    <chakra.article display="flex" flexDirection="column" bg="white" border="1px solid" borderColor="border">
      <chakra.img src={course.image.src} alt="" width={course.image.width} height={course.image.height} w="full" h="auto" bg="heroHome" />
      <chakra.div display="flex" flexDirection="column" alignItems="flex-start" gap="3" p="6" flex="1">
        <Badges items={course.badges} label="Características del curso" />
        <chakra.h3 fontSize="h2" fontWeight="700" color="headingText">
          {course.title}
        </chakra.h3>
        <chakra.p flex="1">{course.summary}</chakra.p>
        <chakra.p fontWeight="700">{course.duration}</chakra.p>
        <ActionLink link={course.link} context={course.title} />
      </chakra.div>
    </chakra.article>
  );
}
