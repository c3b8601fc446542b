import { Container, Stack } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { dashboardData } from "~/admin/dashboard-data.server";
import { tidyFeedPath } from "~/feed/filters";
import type { DashboardActionData } from "~/admin/dashboard-action";
import { runDashboardIntent } from "~/http/dashboard-intents.server";
import { currentUser } from "~/auth/guard.server";
import { authenticateLoginForm } from "~/auth/login.server";
import { clientAddress } from "~/http/client-address.server";
import { createSession, destroySession } from "~/auth/session.server";
import { AdminControls } from "~/components/admin/AdminControls";
import { ArticleManagement } from "~/components/admin/ArticleManagement";
import { DashboardHeader } from "~/components/admin/DashboardHeader";
import { FeedbackPanel } from "~/components/admin/FeedbackPanel";
import { LoginForm } from "~/components/admin/LoginForm";
import { SourceHealth } from "~/components/admin/SourceHealth";
import { SourcesPanel } from "~/components/admin/SourcesPanel";
import { SubscribersPanel } from "~/components/admin/SubscribersPanel";
import { UsersPanel } from "~/components/admin/UsersPanel";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { assertSameOrigin } from "~/auth/same-origin.server";
import { refusalOf, withAppErrors } from "~/http/app-error.server";
import { redirectWithToast } from "~/http/flash.server";
import { readForm } from "~/http/input.server";
import { secureRedirect } from "~/http/responses.server";
import { MantineScope } from "~/components/MantineScope";

export { mantineLinks as links } from "~/components/MantineScope";

export const meta: MetaFunction = () => [{ title: "Admin: Federal Deregulation Tracker" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  // The article list's filter form submits every field: its empty and default values leave the address.
  const tidyPath = tidyFeedPath(new URL(request.url));
  if (tidyPath) throw secureRedirect(tidyPath);
  const user = await currentUser(request);
  if (!user) return json({ signedIn: false as const });
  return json({ signedIn: true as const, ...(await dashboardData(user, new URL(request.url))) });
}

async function login(request: Request, address: string, email: string) {
  try {
    assertSameOrigin(request);
    const user = await authenticateLoginForm(request, address);
    return redirectWithToast(
      "/admin",
      { title: "Access granted", message: `Signed in as ${user.email}` },
      { headers: { "Set-Cookie": await createSession(user.id) } },
    );
  } catch (error) {
    const failure = await refusalOf(error);
    if (!failure) throw error;
    return json<DashboardActionData>(
      { intent: "login", ok: false, toast: { title: "Access denied", message: failure.message, variant: "destructive" }, values: { email } },
      { status: failure.status },
    );
  }
}

// The wrapper is applied inside the action: a top-level call would stay in the browser bundle, where the
// server-only module it comes from is empty.
export function action(args: ActionFunctionArgs) {
  return withAppErrors(handleAction)(args);
}

async function handleAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  const intent = form.get("intent");
  if (intent === "login") return login(request, clientAddress(context), String(form.get("email") ?? ""));
  if (intent === "logout") {
    assertSameOrigin(request);
    return secureRedirect("/admin", { headers: { "Set-Cookie": await destroySession(request) } });
  }
  return runDashboardIntent(request, form);
}

export default function Admin() {
  const data = useLoaderData<typeof loader>();
  return (
    <MantineScope>
      <SiteHeader />
      <Container size="lg" component="main" id="main" py="lg">
        {data.signedIn ? (
          <Stack gap="xl">
            <DashboardHeader user={data.user} can={data.can} apiTokens={data.apiTokens} />
            <AdminControls can={data.can} jobs={data.jobs} runner={data.runner} timeZone={data.timeZone} />
            {data.users ? <UsersPanel users={data.users} currentUserId={data.user.id} timeZone={data.timeZone} /> : null}
            {data.subscribers ? <SubscribersPanel subscribers={data.subscribers} alerts={data.alerts} timeZone={data.timeZone} /> : null}
            <SourceHealth stats={data.stats} health={data.health} />
            <SourcesPanel sources={data.sources} can={data.can} timeZone={data.timeZone} />
            <ArticleManagement articles={data.articles} filters={data.filters} suggestions={data.suggestions} can={data.can} timeZone={data.timeZone} />
            <FeedbackPanel feedback={data.feedback} filter={data.feedbackFilter} can={data.can} timeZone={data.timeZone} />
          </Stack>
        ) : (
          <LoginForm />
        )}
      </Container>
      <SiteFooter />
    </MantineScope>
  );
}
