import { ComingWithIssue } from '../../components/ComingWithIssue.tsx';

/** Arrives with issue 7; until then the route exists and says so honestly. */
export default function FansListPage() {
  return <ComingWithIssue issue={7} />;
}
