// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe_multi links: one KPROBE program on many offsets of one
 * executable file (their entries, or their returns), in every process
 * that maps it or in one process's threads alone. What bpftrace's and
 * libbpf's uprobes with wildcards use.
 *
 * Each offset is a uprobe consumer of its own, with its cookie and
 * reference counter offset (USDT semaphores). The handlers run in the
 * probed task, where a sleepable program may sleep.
 */
#include <linux/bpf.h>
#include <linux/filter.h>
#include <linux/namei.h>
#include <linux/pid_namespace.h>
#include <linux/rcupdate_trace.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/uprobes.h>

#include "bpf_trace_internal.h"

/* The most offsets one link may probe (6.12's bound). */
#define UMULTI_MAX	BIT(20)

#ifdef CONFIG_UPROBES
struct umulti_link;

/* One offset probed. */
struct umulti_site {
	struct umulti_link	*link;
	loff_t			offset;
	unsigned long		ref_ctr_offset;
	u64			cookie;
	struct uprobe		*uprobe;
	struct uprobe_consumer	consumer;
};

struct umulti_link {
	struct bpf_link		link;
	struct path		path;
	u32			cnt;
	u32			flags;
	struct umulti_site	*sites;
	/* only this process's threads, when set (held) */
	struct task_struct	*task;
};

struct umulti_run_ctx {
	struct bpf_run_ctx	run_ctx;
	unsigned long		entry_ip;
	struct umulti_site	*site;
};

static struct umulti_run_ctx *umulti_ctx(struct bpf_run_ctx *ctx)
{
	return container_of(ctx, struct umulti_run_ctx, run_ctx);
}

u64 bpf_umulti_entry_ip(struct bpf_run_ctx *ctx)
{
	return umulti_ctx(ctx)->entry_ip;
}

u64 bpf_umulti_cookie(struct bpf_run_ctx *ctx)
{
	return umulti_ctx(ctx)->site->cookie;
}

static int umulti_run(struct umulti_site *site, unsigned long entry_ip,
		      struct pt_regs *regs)
{
	struct umulti_link *link = site->link;
	struct bpf_prog *prog = link->link.prog;
	struct umulti_run_ctx rc = { .entry_ip = entry_ip, .site = site };
	bool sleepable = prog->sleepable;
	struct bpf_run_ctx *saved;

	/* the filter narrows by mm; a thread of another process may share it */
	if (link->task && !same_thread_group(current, link->task))
		return 0;
	saved = bpf_set_run_ctx(&rc.run_ctx);
	migrate_disable();
	/* the program is freed after a grace period of its own kind */
	if (!sleepable) {
		rcu_read_lock();
		bpf_prog_run(prog, regs);
		rcu_read_unlock();
	} else {
		rcu_read_lock_trace();
		bpf_prog_run(prog, regs);
		rcu_read_unlock_trace();
	}
	migrate_enable();
	bpf_reset_run_ctx(saved);
	return 0;
}

static struct umulti_site *site_of(struct uprobe_consumer *c)
{
	return container_of(c, struct umulti_site, consumer);
}

static int umulti_entry(struct uprobe_consumer *c, struct pt_regs *regs)
{
	return umulti_run(site_of(c), instruction_pointer(regs), regs);
}

static int umulti_return(struct uprobe_consumer *c, unsigned long func,
			 struct pt_regs *regs)
{
	return umulti_run(site_of(c), func, regs);
}

/* Breakpoints only in the link's process. */
static bool umulti_filter(struct uprobe_consumer *c, struct mm_struct *mm)
{
	return site_of(c)->link->task->mm == mm;
}

/* Unregister @n sites, then wait once for their handlers to finish. */
static void unregister_sites(struct umulti_site *sites, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		uprobe_unregister_nosync(sites[i].uprobe, &sites[i].consumer);
	if (n)
		uprobe_unregister_sync();
}

static void umulti_release(struct bpf_link *l)
{
	struct umulti_link *link = container_of(l, struct umulti_link, link);

	unregister_sites(link->sites, link->cnt);
	if (link->task)
		put_task_struct(link->task);
	path_put(&link->path);
}

static void umulti_dealloc(struct bpf_link *l)
{
	struct umulti_link *link = container_of(l, struct umulti_link, link);

	kvfree(link->sites);
	kfree(link);
}

/* The file's path into @upath (at most @size bytes): its length, or -errno. */
static long put_path(const struct path *path, void __user *upath, u32 size)
{
	long len;
	char *buf, *p;

	size = size ? min_t(u32, size, PATH_MAX) : PATH_MAX;
	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	p = d_path(path, buf, size);
	if (IS_ERR(p)) {
		kfree(buf);
		return PTR_ERR(p);
	}
	len = buf + size - p;
	if (upath && copy_to_user(upath, p, len))
		len = -EFAULT;
	kfree(buf);
	return len;
}

static int umulti_fill_info(const struct bpf_link *l,
			    struct bpf_link_info *info)
{
	struct umulti_link *link = container_of(l, struct umulti_link, link);
	typeof(info->uprobe_multi) *u = &info->uprobe_multi;
	u64 __user *urefs = u64_to_user_ptr(u->ref_ctr_offsets);
	u64 __user *ucookies = u64_to_user_ptr(u->cookies);
	u64 __user *uoffsets = u64_to_user_ptr(u->offsets);
	void __user *upath = u64_to_user_ptr(u->path);
	u32 n = u->count;
	int ret = 0;
	long len;
	u32 i;

	/* a path buffer and its size come together; arrays need a count */
	if (!upath != !u->path_size)
		return -EINVAL;
	if ((uoffsets || urefs || ucookies) && !n)
		return -EINVAL;
	u->count = link->cnt;
	u->flags = link->flags;
	u->pid = link->task ? task_pid_nr_ns(link->task,
					     task_active_pid_ns(current)) : 0;
	len = put_path(&link->path, upath, u->path_size);
	if (len < 0)
		return len;
	u->path_size = len;
	if (!uoffsets && !ucookies && !urefs)
		return 0;
	if (n < link->cnt)
		ret = -ENOSPC;	/* as many as fit, and say so */
	else
		n = link->cnt;
	for (i = 0; i < n; i++) {
		struct umulti_site *s = &link->sites[i];

		if ((uoffsets && put_user(s->offset, uoffsets + i)) ||
		    (urefs && put_user(s->ref_ctr_offset, urefs + i)) ||
		    (ucookies && put_user(s->cookie, ucookies + i)))
			return -EFAULT;
	}
	return ret;
}

static const struct bpf_link_ops umulti_lops = {
	.release		= umulti_release,
	.dealloc_deferred	= umulti_dealloc,
	.fill_link_info		= umulti_fill_info,
};

/* The sites from user memory: 0, or -errno. */
static int read_sites(struct umulti_link *link, const union bpf_attr *attr)
{
	const typeof(attr->link_create.uprobe_multi) *a =
		&attr->link_create.uprobe_multi;
	unsigned long __user *urefs = u64_to_user_ptr(a->ref_ctr_offsets);
	unsigned long __user *uoffsets = u64_to_user_ptr(a->offsets);
	u64 __user *ucookies = u64_to_user_ptr(a->cookies);
	u32 i;

	for (i = 0; i < a->cnt; i++) {
		struct umulti_site *s = &link->sites[i];

		if (__get_user(s->offset, uoffsets + i))
			return -EFAULT;
		if (s->offset < 0)
			return -EINVAL;
		if (urefs && __get_user(s->ref_ctr_offset, urefs + i))
			return -EFAULT;
		if (ucookies && __get_user(s->cookie, ucookies + i))
			return -EFAULT;
		s->link = link;
		if (a->flags & BPF_F_UPROBE_MULTI_RETURN)
			s->consumer.ret_handler = umulti_return;
		else
			s->consumer.handler = umulti_entry;
		if (a->pid)
			s->consumer.filter = umulti_filter;
	}
	return 0;
}

/* The three arrays, of one element size, are user memory: one check each. */
static bool sites_access_ok(const union bpf_attr *attr)
{
	const typeof(attr->link_create.uprobe_multi) *a =
		&attr->link_create.uprobe_multi;
	size_t size = sizeof(u64) * a->cnt;

	return access_ok(u64_to_user_ptr(a->offsets), size) &&
	       access_ok(u64_to_user_ptr(a->ref_ctr_offsets), size) &&
	       access_ok(u64_to_user_ptr(a->cookies), size);
}

/* The regular file @upath names, held in @path. */
static int find_file(const void __user *upath, struct path *path)
{
	char *name = strndup_user(upath, PATH_MAX);
	int ret;

	if (IS_ERR(name))
		return PTR_ERR(name);
	ret = kern_path(name, LOOKUP_FOLLOW, path);
	kfree(name);
	if (ret)
		return ret;
	if (!d_is_reg(path->dentry)) {
		path_put(path);
		return -EBADF;
	}
	return 0;
}

int bpf_uprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog)
{
	const typeof(attr->link_create.uprobe_multi) *a =
		&attr->link_create.uprobe_multi;
	struct task_struct *task = NULL;
	struct bpf_link_primer primer;
	struct umulti_link *link;
	struct path path;
	u32 i;
	int ret;

	if (sizeof(u64) != sizeof(void *))
		return -EOPNOTSUPP;
	if (prog->expected_attach_type != BPF_TRACE_UPROBE_MULTI)
		return -EINVAL;
	if (a->flags & ~BPF_F_UPROBE_MULTI_RETURN)
		return -EINVAL;
	/* the file, the offsets and their count are needed; pid is optional */
	if (!a->path || !a->offsets || !a->cnt || (s32)a->pid < 0)
		return -EINVAL;
	if (a->cnt > UMULTI_MAX)
		return -E2BIG;
	if (!sites_access_ok(attr))
		return -EFAULT;

	ret = find_file(u64_to_user_ptr(a->path), &path);
	if (ret)
		return ret;
	if (a->pid) {
		rcu_read_lock();
		task = get_pid_task(find_vpid(a->pid), PIDTYPE_TGID);
		rcu_read_unlock();
		if (!task) {
			ret = -ESRCH;
			goto put_path;
		}
	}

	ret = -ENOMEM;
	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		goto put_task;
	link->sites = kvcalloc(a->cnt, sizeof(*link->sites), GFP_KERNEL);
	if (!link->sites)
		goto free_link;
	ret = read_sites(link, attr);
	if (ret)
		goto free_link;
	link->path = path;
	link->task = task;
	link->flags = a->flags;
	bpf_link_init(&link->link, BPF_LINK_TYPE_UPROBE_MULTI, &umulti_lops,
		      prog);

	for (i = 0; i < a->cnt; i++) {
		struct umulti_site *s = &link->sites[i];

		s->uprobe = uprobe_register(d_real_inode(path.dentry),
					    s->offset, s->ref_ctr_offset,
					    &s->consumer);
		if (IS_ERR(s->uprobe)) {
			ret = PTR_ERR(s->uprobe);
			goto unregister;
		}
		link->cnt = i + 1;
	}
	ret = bpf_link_prime(&link->link, &primer);
	if (ret)
		goto unregister;
	return bpf_link_settle(&primer);

unregister:
	unregister_sites(link->sites, link->cnt);
free_link:
	kvfree(link->sites);
	kfree(link);
put_task:
	if (task)
		put_task_struct(task);
put_path:
	path_put(&path);
	return ret;
}
#else /* !CONFIG_UPROBES */
int bpf_uprobe_multi_link_attach(const union bpf_attr *attr,
				 struct bpf_prog *prog)
{
	return -EOPNOTSUPP;
}

u64 bpf_umulti_entry_ip(struct bpf_run_ctx *ctx)
{
	return 0;
}

u64 bpf_umulti_cookie(struct bpf_run_ctx *ctx)
{
	return 0;
}
#endif /* CONFIG_UPROBES */
