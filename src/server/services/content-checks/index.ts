export { catalogForContent, checkDraft } from "./check-draft";
export {
  contentFindingsOverview,
  listContentFindings,
  organizationContentFindings,
} from "./operator-reads";
export { FINDING_EXCERPT_MAX, FINDING_SOURCES, recordFindings } from "./record-findings";
