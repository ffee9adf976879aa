/**
 * The Administration dropdown (spec section 2), for admins only: a disclosure button and its links.
 * Escape closes it and gives the focus back to the button; a click elsewhere or the focus leaving it
 * (Tab past the last link) closes it too.
 */
import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';

export const ADMIN_LINKS = [
  { to: '/admin', label: 'Tableau de bord' },
  { to: '/admin/add-appartement', label: 'Ajouter un appartement' },
  { to: '/admin/reservations', label: 'Gérer les réservations' },
  { to: '/admin/planning', label: 'Planning' },
  { to: '/admin/remboursements', label: 'Remboursements à effectuer' },
  { to: '/admin/comptabilite', label: 'Comptabilité' },
  { to: '/admin/calendrier', label: 'Calendrier' },
  { to: '/admin/taxe-de-sejour', label: 'Taxe de séjour' },
  { to: '/admin/demandes-proprietaires', label: 'Demandes propriétaires' },
  { to: '/admin/avis', label: 'Avis des voyageurs' },
] as const;

export function AdminMenu() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // Focus moving to anything outside the menu (relatedTarget null: the page or another window) closes it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !event.currentTarget.contains(next)) setOpen(false);
  };

  return (
    <div className="sh-admin-menu" ref={root} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="sh-nav__link sh-admin-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        Administration <span aria-hidden="true">▾</span>
      </button>
      <ul id={menuId} className="sh-admin-menu__list" hidden={!open}>
        {ADMIN_LINKS.map((link) => (
          <li key={link.to}>
            <Link className="sh-admin-menu__link" to={link.to} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
