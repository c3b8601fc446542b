import { ToastHere } from "../Toasts";
import { Alert, Badge, Button, Card, SimpleGrid, Table, Text, Title } from "@mantine/core";
import { useFetchers, useLocation, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { JobJson } from "~/jobs/start.server";
import { BACKFILL_DEFAULT_DAYS, JOB_BUTTONS, REFRESH_AFTER_MS } from "~/jobs/buttons";
import { statusLabel } from "~/jobs/outcome";
import { formatDateTime } from "~/time";
import { useHydrated } from "~/hooks";
import { AddArticleDialog } from "./AddArticleDialog";
import { DialogTrigger, IntentForm, useDialog, useIntent } from "./intent";
import { AdminTable } from "./panel";

const JOB_NAMES: Record<string, string> = {
  scrape: "Update News (scrape)",
  backfill: "Import 30 Days (backfill)",
  recategorize: "Fix Categories",
  "fix-priorities": "Fix Priorities",
  trends: "Generate Trends",
  newsletter: "Weekly newsletter",
  alerts: "Saved-search alerts",
  maintenance: "Maintenance",
};

const STATUS_COLORS: Record<string, string> = { queued: "gray", running: "blue", succeeded: "green", "partly-failed": "orange", failed: "red" };
/** While a job is queued or running, the dashboard checks on it this often. */
const JOB_POLL_MS = 5000;

const CONTROLS_ANCHOR = "admin-controls";

function JobButton({ kind, label, refreshMs }: { kind: string; label: string; refreshMs?: number }) {
  const revalidator = useRevalidator();
  const state = useIntent("start-job", {
    match: (data) => data.intent === "start-job" && data.values?.kind === kind,
    // The article list is reloaded 10 s after a scrape and 30 s after a backfill.
    onSuccess: () => {
      if (refreshMs) setTimeout(() => revalidator.revalidate(), refreshMs);
    },
  });
  return (
    <IntentForm state={state} at={CONTROLS_ANCHOR}>
      <input type="hidden" name="kind" value={kind} />
      {kind === "backfill" ? <input type="hidden" name="daysBack" value={BACKFILL_DEFAULT_DAYS} /> : null}
      {/* As tall as its row: a label that wraps at a narrow width does not leave its neighbours shorter. */}
      <Button type="submit" fullWidth h="100%" loading={state.pending} variant="light">
        {label}
      </Button>
    </IntentForm>
  );
}

/** Without JavaScript, a job start redirects with ?refresh=<seconds>: the page reloads itself once, then. */
function NoScriptRefresh() {
  const location = useLocation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const seconds = Number(params.get("refresh"));
  params.delete("refresh");
  const target = `${location.pathname}${params.size ? `?${params}` : ""}`;
  useEffect(() => {
    if (hydrated && seconds) {
      const timer = setTimeout(() => navigate(target, { replace: true, preventScrollReset: true }), seconds * 1000);
      return () => clearTimeout(timer);
    }
  }, [hydrated, seconds, target, navigate]);
  if (!seconds || hydrated) return null;
  return <meta httpEquiv="refresh" content={`${seconds};url=${target}`} />;
}

/**
 * While a job is queued or running, reloads the page's data every JOB_POLL_MS, but never while a
 * navigation or a form is on its way: a revalidation then restarts the navigation's loads, and the first,
 * already answered by the server, would take the post's one-time toast with it.
 */
function useJobPolling(jobs: JobJson[]) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const quiet = useRef(true);
  quiet.current = revalidator.state === "idle" && navigation.state === "idle" && fetchers.every((fetcher) => fetcher.state === "idle");
  const busy = jobs.some((job) => job.status === "queued" || job.status === "running");
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (quiet.current && document.visibilityState === "visible") revalidator.revalidate();
    }, JOB_POLL_MS);
    return () => clearInterval(timer);
  }, [busy, revalidator]);
}

type Props = {
  can: { edit: boolean };
  jobs: JobJson[];
  runner: { lastSeen: string | null; stale: boolean };
  timeZone: string;
};

export function AdminControls({ can, jobs, runner, timeZone }: Props) {
  const addArticle = useDialog("add-article");
  useJobPolling(jobs);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="controls-title" id={CONTROLS_ANCHOR}>
      <NoScriptRefresh />
      <Title order={2} size="h4" id="controls-title" mb="sm">
        Admin Controls
      </Title>
      <ToastHere at={CONTROLS_ANCHOR} />
      {runner.stale ? (
        <Alert color="yellow" title="The job runner is not running" mb="sm" role="status">
          {runner.lastSeen ? `Its last heartbeat was at ${formatDateTime(runner.lastSeen, timeZone)}.` : "It has not reported since the database was created."}{" "}
          Queued jobs wait until it runs again (npm start runs it with the web server).
        </Alert>
      ) : null}
      {can.edit ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
            {JOB_BUTTONS.map((button) => (
              <JobButton key={button.kind} kind={button.kind} label={button.label} refreshMs={REFRESH_AFTER_MS[button.kind]} />
            ))}
            <DialogTrigger dialog={addArticle} fullWidth>
              Add Article
            </DialogTrigger>
          </SimpleGrid>
          <AddArticleDialog dialog={addArticle} />
        </>
      ) : null}
      <Title order={3} size="h5" mt="md" mb="xs">
        Last run of each job
      </Title>
      <AdminTable
        label="Jobs"
        columns={["Job", "Status", "Started", "Finished", "Result"]}
        items={jobs}
        row={(job) => (
          <Table.Tr key={job.id}>
            <Table.Td>
              {JOB_NAMES[job.kind] ?? job.kind}
              <Text size="xs" c="dimmed">
                by {job.requestedBy ?? "unknown"}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLORS[job.status] ?? "gray"} variant="light">
                {statusLabel(job.status)}
              </Badge>
            </Table.Td>
            <Table.Td>{job.startedAt ? formatDateTime(job.startedAt, timeZone) : "not yet"}</Table.Td>
            <Table.Td>{job.finishedAt ? formatDateTime(job.finishedAt, timeZone) : "—"}</Table.Td>
            <Table.Td>
              <Text size="sm" c={job.status === "failed" ? "red.8" : undefined}>
                {job.summary}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        minWidth={640}
        data-testid="jobs-table"
        empty="No job has run yet."
      />
    </Card>
  );
}
