// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe_multi links: one KPROBE program on the entries (or the
 * returns, or both: kprobe.session) of many kernel functions at once,
 * over one fprobe. What bpftrace's wildcard kprobes and retsnoop use:
 * one ftrace_ops with a filter of N call sites instead of N kprobes.
 *
 * Each function may carry a cookie (bpf_get_attach_cookie()); with
 * cookies the sites are kept sorted by address, so a hit finds its
 * cookie by binary search.
 *
 * A session program runs at the entry and at the return of each call;
 * at the entry it may return non-zero to skip the return, and both runs
 * share a u64 (bpf_session_cookie()).
 */
#include <linux/bpf.h>
#include <linux/bsearch.h>
#include <linux/btf.h>
#include <linux/btf_ids.h>
#include <linux/error-injection.h>
#include <linux/filter.h>
#include <linux/fprobe.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "bpf_trace_internal.h"

/* The most functions one link may probe (6.12's bound). */
#define KMULTI_MAX	BIT(20)

/* What a session's two runs see through current->bpf_ctx. */
struct session_run_ctx {
	struct bpf_run_ctx	run_ctx;
	bool			is_return;
	void			*data;		/* the u64 the runs share */
};

#ifdef CONFIG_FPROBE
struct kmulti_link {
	struct bpf_link		link;
	struct fprobe		fp;
	/* the call sites; with cookies, sorted and cookies[i] is addrs[i]'s */
	unsigned long		*addrs;
	u64			*cookies;
	u32			cnt;
	u32			flags;
	/* the modules the sites are in, held while the link is */
	struct module		**mods;
	u32			nmods;
};

struct kmulti_run_ctx {
	struct session_run_ctx	session;
	struct kmulti_link	*link;
	/*
	 * The fentry site that hit; the function's address is worked out
	 * only for the programs that ask (bpf_get_func_ip(), cookies).
	 */
	unsigned long		fentry_ip;
};

static struct kmulti_run_ctx *kmulti_ctx(struct bpf_run_ctx *ctx)
{
	return container_of(ctx, struct kmulti_run_ctx, session.run_ctx);
}

static int cmp_addr(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

u64 bpf_kmulti_entry_ip(struct bpf_run_ctx *ctx)
{
	return bpf_func_of_fentry(kmulti_ctx(ctx)->fentry_ip);
}

u64 bpf_kmulti_cookie(struct bpf_run_ctx *ctx)
{
	struct kmulti_run_ctx *rc;
	struct kmulti_link *link;
	unsigned long entry_ip;
	unsigned long *at;

	if (WARN_ON_ONCE(!ctx))
		return 0;
	rc = kmulti_ctx(ctx);
	link = rc->link;
	if (!link->cookies)
		return 0;
	entry_ip = bpf_func_of_fentry(rc->fentry_ip);
	at = bsearch(&entry_ip, link->addrs, link->cnt, sizeof(*at), cmp_addr);
	return at ? link->cookies[at - link->addrs] : 0;
}

/*
 * One run of the link's program. Another BPF program running on this
 * CPU (the function was called from inside one) is not interrupted by
 * this one: the hit counts as a miss.
 */
static __always_inline int kmulti_run(struct kmulti_link *link,
				      unsigned long fentry_ip,
				      struct pt_regs *regs, bool is_return,
				      void *data)
{
	struct kmulti_run_ctx rc = {
		.session	= { .is_return = is_return, .data = data },
		.link		= link,
		.fentry_ip	= fentry_ip,
	};
	struct bpf_run_ctx *saved;
	int ret = 0;

	/* fprobe's handlers run with preemption off: no migration */
	cant_sleep();
	if (unlikely(__this_cpu_inc_return(bpf_prog_active) != 1)) {
		bpf_prog_inc_misses_counter(link->link.prog);
		goto out;
	}
	bpf_run_rcu_enter();
	saved = bpf_set_run_ctx(&rc.session.run_ctx);
	ret = bpf_prog_run(link->link.prog, regs);
	bpf_reset_run_ctx(saved);
	bpf_run_rcu_exit();
out:
	__this_cpu_dec(bpf_prog_active);
	return ret;
}

static bool is_session(const struct bpf_prog *prog)
{
	return prog->expected_attach_type == BPF_TRACE_KPROBE_SESSION;
}

static int kmulti_entry(struct fprobe *fp, unsigned long ip,
			unsigned long ret_ip, struct pt_regs *regs, void *data)
{
	struct kmulti_link *link = container_of(fp, struct kmulti_link, fp);
	int ret = kmulti_run(link, ip, regs, false, data);

	/* a session's entry decides whether its return runs */
	return is_session(link->link.prog) ? ret : 0;
}

static void kmulti_exit(struct fprobe *fp, unsigned long ip,
			unsigned long ret_ip, struct pt_regs *regs, void *data)
{
	struct kmulti_link *link = container_of(fp, struct kmulti_link, fp);

	kmulti_run(link, ip, regs, true, data);
}

/* ---------------------------------------------------------------- */
/* The link                                                           */

static void put_modules(struct module **mods, u32 n)
{
	while (n--)
		module_put(mods[n]);
}

static void kmulti_release(struct bpf_link *l)
{
	struct kmulti_link *link = container_of(l, struct kmulti_link, link);

	unregister_fprobe(&link->fp);
	put_modules(link->mods, link->nmods);
}

/* After the grace periods the link's programs may still run in. */
static void kmulti_dealloc(struct bpf_link *l)
{
	struct kmulti_link *link = container_of(l, struct kmulti_link, link);

	kvfree(link->addrs);
	kvfree(link->cookies);
	kfree(link->mods);
	kfree(link);
}

/* Zeroes, or @src: @n u64s to user memory. */
static int put_u64s(u64 __user *dst, const u64 *src, u32 n)
{
	u32 i;

	if (src)
		return copy_to_user(dst, src, n * sizeof(u64)) ? -EFAULT : 0;
	for (i = 0; i < n; i++)
		if (put_user(0, dst + i))
			return -EFAULT;
	return 0;
}

static int kmulti_fill_info(const struct bpf_link *l,
			    struct bpf_link_info *info)
{
	struct kmulti_link *link = container_of(l, struct kmulti_link, link);
	u64 __user *ucookies = u64_to_user_ptr(info->kprobe_multi.cookies);
	u64 __user *uaddrs = u64_to_user_ptr(info->kprobe_multi.addrs);
	u32 n = info->kprobe_multi.count;
	int ret = 0;

	/* addresses and a count come together; cookies need a count */
	if (!uaddrs != !n || (ucookies && !n))
		return -EINVAL;
	info->kprobe_multi.count = link->cnt;
	info->kprobe_multi.flags = link->flags;
	info->kprobe_multi.missed = link->fp.nmissed;
	if (!uaddrs)
		return 0;
	if (n < link->cnt)
		ret = -ENOSPC;	/* as many as fit, and say so */
	else
		n = link->cnt;
	if (ucookies && put_u64s(ucookies, link->cookies, n))
		return -EFAULT;
	BUILD_BUG_ON(sizeof(unsigned long) != sizeof(u64));
	/* addresses tell where the kernel is: zeroes to who may not know */
	if (put_u64s(uaddrs, kallsyms_show_value(current_cred()) ?
		     (u64 *)link->addrs : NULL, n))
		return -EFAULT;
	return ret;
}

static const struct bpf_link_ops kmulti_lops = {
	.release		= kmulti_release,
	.dealloc_deferred	= kmulti_dealloc,
	.fill_link_info		= kmulti_fill_info,
};

/* ---------------------------------------------------------------- */
/* Attaching                                                          */

/* A function by name, with its cookie: sorted by name to be looked up. */
struct named_site {
	const char	*name;
	u64		cookie;
};

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct named_site *)a)->name,
		      ((const struct named_site *)b)->name);
}

/* An address with its cookie: sorted by address for the hits' search. */
struct addr_site {
	unsigned long	addr;
	u64		cookie;
};

static int cmp_addr_site(const void *a, const void *b)
{
	return cmp_addr(&((const struct addr_site *)a)->addr,
			&((const struct addr_site *)b)->addr);
}

/*
 * Resolve @n names from user memory @usyms to call sites in @addrs,
 * carrying @cookies (may be NULL) along: both end in name order.
 */
static int lookup_user_syms(const unsigned long __user *usyms, u32 n,
			    unsigned long *addrs, u64 *cookies)
{
	struct named_site *sites;
	const char **names;
	char *buf, *p;
	int ret = -ENOMEM;
	u32 i;

	sites = kvmalloc_array(n, sizeof(*sites), GFP_KERNEL);
	names = kvmalloc_array(n, sizeof(*names), GFP_KERNEL);
	buf = kvmalloc_array(n, KSYM_NAME_LEN, GFP_KERNEL);
	if (!sites || !names || !buf)
		goto out;
	for (p = buf, i = 0; i < n; i++) {
		unsigned long uname;
		long len;

		ret = -EFAULT;
		if (get_user(uname, usyms + i))
			goto out;
		len = strncpy_from_user(p, (const char __user *)uname,
					KSYM_NAME_LEN);
		ret = len == KSYM_NAME_LEN ? -E2BIG : len;
		if (ret < 0)
			goto out;
		sites[i].name = p;
		sites[i].cookie = cookies ? cookies[i] : 0;
		p += len + 1;
	}
	/* ftrace_lookup_symbols() walks kallsyms once, for sorted names */
	sort(sites, n, sizeof(*sites), cmp_name, NULL);
	for (i = 0; i < n; i++) {
		names[i] = sites[i].name;
		if (cookies)
			cookies[i] = sites[i].cookie;
	}
	ret = ftrace_lookup_symbols(names, n, addrs);
out:
	kvfree(buf);
	kvfree(names);
	kvfree(sites);
	return ret;
}

/* Sort @addrs by address, @cookies with them. */
static int sort_with_cookies(unsigned long *addrs, u64 *cookies, u32 n)
{
	struct addr_site *sites;
	u32 i;

	sites = kvmalloc_array(n, sizeof(*sites), GFP_KERNEL);
	if (!sites)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		sites[i] = (struct addr_site){ addrs[i], cookies[i] };
	sort(sites, n, sizeof(*sites), cmp_addr_site, NULL);
	for (i = 0; i < n; i++) {
		addrs[i] = sites[i].addr;
		cookies[i] = sites[i].cookie;
	}
	kvfree(sites);
	return 0;
}

/*
 * Hold every module a site is in, each once: a module cannot go while a
 * link probes it. The count held, or -errno (none held then).
 */
static int hold_modules(struct kmulti_link *link)
{
	struct module **mods = NULL, **grown;
	u32 n = 0, cap = 0, i, j;
	struct module *mod;
	int ret = 0;

	for (i = 0; i < link->cnt && !ret; i++) {
		scoped_guard(preempt) {
			mod = __module_address(link->addrs[i]);
			for (j = 0; mod && j < n; j++)
				if (mods[j] == mod)
					mod = NULL;
			if (mod && !try_module_get(mod))
				ret = -EINVAL;	/* on its way out */
		}
		if (!mod || ret)
			continue;
		if (n == cap) {
			cap = max(16U, cap * 2);
			grown = krealloc_array(mods, cap, sizeof(*mods),
					       GFP_KERNEL);
			if (!grown) {
				module_put(mod);
				ret = -ENOMEM;
				break;
			}
			mods = grown;
		}
		mods[n++] = mod;
	}
	if (ret) {
		put_modules(mods, n);
		kfree(mods);
		return ret;
	}
	link->mods = mods;
	link->nmods = n;
	return 0;
}

static bool all_injectable(const unsigned long *addrs, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (!within_error_injection_list(addrs[i]))
			return false;
	return true;
}

int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog)
{
	const typeof(attr->link_create.kprobe_multi) *a =
		&attr->link_create.kprobe_multi;
	void __user *ucookies = u64_to_user_ptr(a->cookies);
	void __user *uaddrs = u64_to_user_ptr(a->addrs);
	void __user *usyms = u64_to_user_ptr(a->syms);
	struct bpf_link_primer primer;
	struct kmulti_link *link;
	unsigned long *addrs;
	u64 *cookies = NULL;
	u32 n = a->cnt;
	int ret;

	if (sizeof(u64) != sizeof(void *))
		return -EOPNOTSUPP;
	if (attr->link_create.flags)
		return -EINVAL;
	if (prog->expected_attach_type != BPF_TRACE_KPROBE_MULTI &&
	    !is_session(prog))
		return -EINVAL;
	/* fprobe's handlers cannot sleep */
	if (prog->sleepable)
		return -EINVAL;
	if (a->flags & ~BPF_F_KPROBE_MULTI_RETURN)
		return -EINVAL;
	/* by address or by name, not both */
	if (!uaddrs == !usyms)
		return -EINVAL;
	if (!n)
		return -EINVAL;
	if (n > KMULTI_MAX)
		return -E2BIG;

	addrs = kvmalloc_array(n, sizeof(*addrs), GFP_KERNEL);
	if (!addrs)
		return -ENOMEM;
	if (ucookies) {
		cookies = kvmalloc_array(n, sizeof(*cookies), GFP_KERNEL);
		ret = -ENOMEM;
		if (!cookies)
			goto fail;
		ret = -EFAULT;
		if (copy_from_user(cookies, ucookies, n * sizeof(*cookies)))
			goto fail;
	}
	if (uaddrs) {
		ret = -EFAULT;
		if (copy_from_user(addrs, uaddrs, n * sizeof(*addrs)))
			goto fail;
	} else {
		ret = lookup_user_syms(usyms, n, addrs, cookies);
		if (ret)
			goto fail;
	}
	ret = -EINVAL;
	if (prog->kprobe_override && !all_injectable(addrs, n))
		goto fail;
	if (cookies) {
		ret = sort_with_cookies(addrs, cookies, n);
		if (ret)
			goto fail;
	}

	ret = -ENOMEM;
	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		goto fail;
	bpf_link_init(&link->link, BPF_LINK_TYPE_KPROBE_MULTI, &kmulti_lops,
		      prog);
	ret = bpf_link_prime(&link->link, &primer);
	if (ret) {
		kfree(link);
		goto fail;
	}
	/* from here the primer owns @link: bpf_link_cleanup() frees it */
	link->addrs = addrs;
	link->cookies = cookies;
	link->cnt = n;
	link->flags = a->flags;
	if (!(a->flags & BPF_F_KPROBE_MULTI_RETURN))
		link->fp.entry_handler = kmulti_entry;
	if ((a->flags & BPF_F_KPROBE_MULTI_RETURN) || is_session(prog))
		link->fp.exit_handler = kmulti_exit;
	if (is_session(prog))
		link->fp.entry_data_size = sizeof(u64);

	ret = hold_modules(link);
	if (ret) {
		bpf_link_cleanup(&primer);
		return ret;
	}
	ret = register_fprobe_ips(&link->fp, addrs, n);
	if (ret) {
		put_modules(link->mods, link->nmods);
		bpf_link_cleanup(&primer);
		return ret;
	}
	return bpf_link_settle(&primer);
fail:
	kvfree(addrs);
	kvfree(cookies);
	return ret;
}
#else /* !CONFIG_FPROBE */
int bpf_kprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}

u64 bpf_kmulti_entry_ip(struct bpf_run_ctx *ctx)
{
	return 0;
}

u64 bpf_kmulti_cookie(struct bpf_run_ctx *ctx)
{
	return 0;
}
#endif /* CONFIG_FPROBE */

/* ---------------------------------------------------------------- */
/* A session's kfuncs                                                 */

static struct session_run_ctx *session_ctx(void)
{
	return container_of(current->bpf_ctx, struct session_run_ctx, run_ctx);
}

__bpf_kfunc_start_defs();

/* In a kprobe.session program: this run is the function's return. */
__bpf_kfunc bool bpf_session_is_return(void)
{
	return session_ctx()->is_return;
}

/* In a kprobe.session program: the u64 its entry and return share. */
__bpf_kfunc __u64 *bpf_session_cookie(void)
{
	return session_ctx()->data;
}

__bpf_kfunc_end_defs();

BTF_KFUNCS_START(session_kfunc_ids)
BTF_ID_FLAGS(func, bpf_session_is_return)
BTF_ID_FLAGS(func, bpf_session_cookie)
BTF_KFUNCS_END(session_kfunc_ids)

/* Only a session program has a session. */
static int session_kfunc_filter(const struct bpf_prog *prog, u32 kfunc_id)
{
	if (btf_id_set8_contains(&session_kfunc_ids, kfunc_id) &&
	    prog->expected_attach_type != BPF_TRACE_KPROBE_SESSION)
		return -EACCES;
	return 0;
}

static const struct btf_kfunc_id_set session_kfunc_set = {
	.owner	= THIS_MODULE,
	.set	= &session_kfunc_ids,
	.filter	= session_kfunc_filter,
};

static int __init session_kfuncs_init(void)
{
	return register_btf_kfunc_id_set(BPF_PROG_TYPE_KPROBE,
					 &session_kfunc_set);
}
late_initcall(session_kfuncs_init);
