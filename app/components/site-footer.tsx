import { Link } from "react-router";
import type { ShopIdentity } from "~/config/shop";

export function SiteFooter({ shop }: { shop: ShopIdentity }) {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-bold text-white">{shop.name}</p>
          <p className="mt-2 text-sm">Pokémon TCG sealed product, singles and graded slabs, shipped from the UK.</p>
        </div>
        <nav aria-label="Shop">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Shop</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="hover:text-white" to="/wholesale">Wholesale applications</Link></li>
            <li><Link className="hover:text-white" to="/sell-cards">Sell your cards</Link></li>
            <li><Link className="hover:text-white" to="/pro">Pro membership</Link></li>
            <li><Link className="hover:text-white" to="/account">My account</Link></li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Policies</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="hover:text-white" to="/terms">Terms and Conditions</Link></li>
            <li><Link className="hover:text-white" to="/privacy">Privacy Policy</Link></li>
            <li><Link className="hover:text-white" to="/delivery">Delivery Policy</Link></li>
            <li><Link className="hover:text-white" to="/refund">Refund Policy</Link></li>
            <li><Link className="hover:text-white" to="/cookies">Cookie Policy</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a className="hover:text-white" href={`mailto:${shop.contactEmail}`}>{shop.contactEmail}</a>
            </li>
            <li>
              <a className="hover:text-white" href={shop.communityChatUrl} target="_blank" rel="noopener noreferrer">
                Community chat
              </a>
            </li>
            {shop.social.map((link) => (
              <li key={link.url}>
                <a className="hover:text-white" href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {shop.companyName}. Registered in {shop.registeredIn}, company number{" "}
          <span data-testid="company-number">{shop.companyNumber}</span>. Pokémon and its trademarks are © their
          respective owners; {shop.name} is not affiliated with them.
        </p>
      </div>
    </footer>
  );
}
