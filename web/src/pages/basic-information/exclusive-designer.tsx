import { ComingWithIssue } from '../../components/ComingWithIssue.tsx';

/** Arrives with issue 4; until then the route exists and says so honestly. */
export default function ExclusiveDesignerPage() {
  return <ComingWithIssue issue={4} />;
}
