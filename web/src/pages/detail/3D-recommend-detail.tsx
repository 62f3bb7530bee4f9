import { ComingWithIssue } from '../../components/ComingWithIssue.tsx';

/** Arrives with issue 9; until then the route exists and says so honestly. */
export default function ThreedRecommendDetailPage() {
  return <ComingWithIssue issue={9} />;
}
