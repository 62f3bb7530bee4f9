import { ComingWithIssue } from '../../components/ComingWithIssue.tsx';

/** Arrives with issue 8; until then the route exists and says so honestly. */
export default function CrowdPackPage() {
  return <ComingWithIssue issue={8} />;
}
