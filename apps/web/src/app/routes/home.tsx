import type { FeedKind } from '@pinhole/contracts';
import { useDocumentTitle } from '@/lib/document-title';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/use-auth';
import { useSignUpPrompt } from '@/lib/auth/sign-up-prompt';
import { homeTitle } from '@/lib/home-title';
import { Feed } from '@/features/feed/components/feed';
import { FeedTabs } from '@/features/feed/components/feed-tabs';
import { useFeedChoice } from '@/features/feed/hooks/use-feed-choice';
import { PostCard } from '@/features/post/components/post-card';
import { AfterStart } from '@/lib/after-start';
import { HomeComments, HomeSidebar, HomeStories } from './home-parts';
import { loadStoryRoute } from './load-story-route';

// Never drawn before the start (the server has no suggestions): not in the first script.
const loadFeedSuggestions = () =>
  import('@/features/suggestions/components/feed-suggestions').then(
    (module) => module.FeedSuggestions,
  );

const prefetchStoryViewer = () => void loadStoryRoute();

export function HomeRoute() {
  useDocumentTitle(homeTitle);
  const signedIn = useAuth().user !== null;
  return (
    <div className="mx-auto flex w-full max-w-[935px] justify-center gap-16 sm:pt-6">
      <div className="flex w-full max-w-[470px] min-w-0 flex-col gap-4 sm:gap-6">
        <h1 className="sr-only">Home</h1>
        <HomeStories onIntent={prefetchStoryViewer} />
        {signedIn ? <ChosenFeed /> : <HomeFeed kind="everyone" />}
      </div>
      <aside aria-label="Suggestions" className="hidden w-[320px] shrink-0 lg:block">
        <div className="sticky top-[84px]">
          <HomeSidebar />
        </div>
      </aside>
    </div>
  );
}

/** Signed in: Following or Everyone, as last chosen. */
function ChosenFeed() {
  const [kind, choose] = useFeedChoice();
  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <FeedTabs value={kind} onChange={choose} />
      {/* A key per feed: each keeps its own progressive drawing from its first post. */}
      <HomeFeed key={kind} kind={kind} />
    </div>
  );
}

function HomeFeed({ kind }: { kind: FeedKind }) {
  const signedIn = useAuth().user !== null;
  return (
    <Feed
      kind={kind}
      whenEmpty={
        kind === 'following' && (
          // Wide screens have the sidebar's, beside it: "Suggestions for you" once.
          <div className="lg:hidden">
            <AfterStart load={loadFeedSuggestions} props={{}} what="suggestions" />
          </div>
        )
      }
      emptyText={signedIn ? undefined : <SignUpOffer />}
      renderPost={(post, index) => (
        <PostCard
          post={post}
          priority={index === 0}
          renderComments={(time) => <HomeComments post={post} beforeForm={time} />}
        />
      )}
    />
  );
}

/** The empty home of a visitor: nobody to follow yet, nothing to create without an account. */
function SignUpOffer() {
  const promptSignUp = useSignUpPrompt();
  return (
    <>
      <p className="text-sm text-muted">Sign up to share the first photo here.</p>
      <Button onClick={promptSignUp} className="mt-2">
        Sign up
      </Button>
    </>
  );
}
