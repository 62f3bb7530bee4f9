import { ComingWithIssue } from '../../components/ComingWithIssue.tsx';

/** Arrives with issue 5; until then the route exists and says so honestly. */
export default function UserCoursePage() {
  return <ComingWithIssue issue={5} />;
}
