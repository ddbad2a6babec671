import { Form } from "react-router";
import { FormNotice } from "~/components/ui/form-message";

/** The availability email's unsubscribe link: one button (a POST), so opening the link changes nothing. */
export function UnsubscribePage({ productName, waiting, done }: { productName: string; waiting: number; done: string | null }) {
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Stop availability emails</h1>
      {done ? (
        <FormNotice>{done}</FormNotice>
      ) : (
        <>
          <p className="text-slate-700">
            This link came with an email about {productName}. You have {waiting === 1 ? "1 availability email" : `${waiting} availability emails`} waiting.
          </p>
          <Form method="post">
            <button type="submit" className="min-h-11 rounded-lg bg-amber-500 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-400">
              Stop all availability emails
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
