// SPDX-License-Identifier: GPL-2.0
/*
 * The pid -> comm and pid -> tgid maps the output uses to name tasks.
 *
 * Entries only carry a pid; when record-cmd (record-tgid) is on, the
 * commit path hands us the current task after every event and we keep
 * its comm (tgid) so the reader can print it later, after the task may
 * be long gone.
 *
 * comm map: a fixed number of slots (saved_cmdlines_size: 128 asked for
 * by default, rounded up as below) reused round robin, plus an index from the low bits of the
 * pid to a slot. Recording runs in any context, NMI included, on every
 * event: it takes the lock with a trylock and simply skips on failure
 * (a later event records the task), and a per-CPU note of what was
 * recorded last makes the common case - the same task again - a few
 * compares with no shared cache line touched.
 *
 * tgid map: one int per possible pid, allocated when record-tgid is
 * first set, written and read without a lock (an int store is atomic).
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/threads.h>
#include <linux/uaccess.h>

#include "trace.h"
#include "trace_core.h"

#define CMDLINES_DEFAULT	128
#define PID_HASH(pid)		((pid) & (PID_MAX_DEFAULT - 1))

struct cmdline_slot {
	pid_t	pid;			/* 0: free */
	char	comm[TASK_COMM_LEN];
};

struct cmdline_store {
	unsigned int		nr;	/* number of slots */
	unsigned int		next;	/* slot the next new pid takes */
	/* slot + 1 for each pid hash, 0 when none */
	unsigned int		by_pid[PID_MAX_DEFAULT];
	struct cmdline_slot	slots[] __counted_by(nr);
};

/*
 * Guards the store pointer and its contents. An arch spinlock because
 * it is taken from the commit path, which may run in NMI and must not
 * recurse into lockdep or tracing; it is only ever held for a few
 * stores or one copy, with preemption off.
 */
static arch_spinlock_t cmdline_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static struct cmdline_store *cmdlines;

/* Bumped when the store is replaced, so per-CPU notes go stale. */
unsigned int cmdlines_gen;

/* What this CPU recorded last; see __buffer_unlock_commit() in trace.h. */
DEFINE_PER_CPU(struct taskinfo_note, taskinfo_note);

static int *tgid_map;
static int tgid_map_max;

/*
 * How many slots a request for @nr gets. saved_cmdlines_size reads back
 * the number of slots, and scripts size things from it, so it must be
 * the reference's number for every value written: the reference puts its
 * map in one block of 2^order pages, just large enough for a fixed part
 * (a pid index of PID_MAX_DEFAULT + 1 u32s, a pointer and two counters)
 * and @nr entries of a comm and a u32 pid, and then counts every entry
 * that fits in the whole block. Ours is sized by the same arithmetic: the
 * same block for the same request, and as many slots. Our fixed part is
 * a little smaller (no spare index entry, no pointer), so the slots
 * always fit; the few bytes left over stay unused.
 */
#define CMDLINES_FIXED_BYTES						\
	ALIGN(sizeof(u32) * (PID_MAX_DEFAULT + 1) + sizeof(void *) +	\
	      2 * sizeof(u32), sizeof(void *))
#define CMDLINES_ENTRY_BYTES	(TASK_COMM_LEN + sizeof(u32))

static unsigned int cmdlines_rounded(unsigned int nr)
{
	size_t block = PAGE_SIZE << get_order(CMDLINES_FIXED_BYTES +
					      (size_t)nr * CMDLINES_ENTRY_BYTES);

	return (block - CMDLINES_FIXED_BYTES) / CMDLINES_ENTRY_BYTES;
}

static struct cmdline_store *cmdline_store_alloc(unsigned int want)
{
	struct cmdline_store *s;
	unsigned int nr = cmdlines_rounded(want);

	BUILD_BUG_ON(sizeof(struct cmdline_slot) != CMDLINES_ENTRY_BYTES);
	BUILD_BUG_ON(offsetof(struct cmdline_store, slots) >
		     CMDLINES_FIXED_BYTES);
	/* At most the reference's block: our fixed part is the smaller. */
	s = kvzalloc(struct_size(s, slots, nr), GFP_KERNEL);
	if (s)
		s->nr = nr;
	return s;
}

static bool cmdline_lock_try(void)
{
	preempt_disable_notrace();
	if (arch_spin_trylock(&cmdline_lock))
		return true;
	preempt_enable_notrace();
	return false;
}

/*
 * Readers may wait, except where the holder could be the very context
 * they interrupted (an NMI) or a CPU stopped by a crash (a dump from an
 * oops or panic): those make one attempt and do without on failure.
 */
static bool cmdline_lock_read(void)
{
	if (in_nmi() || oops_in_progress)
		return cmdline_lock_try();
	preempt_disable_notrace();
	arch_spin_lock(&cmdline_lock);
	return true;
}

static void cmdline_unlock(void)
{
	arch_spin_unlock(&cmdline_lock);
	preempt_enable_notrace();
}

/* Store @tsk's comm; false when the lock was busy. */
static bool save_cmdline(struct task_struct *tsk)
{
	struct cmdline_store *s;
	unsigned int idx, h;

	if (!tsk->pid)
		return true;		/* the idle task needs no entry */
	if (!cmdline_lock_try())
		return false;
	s = cmdlines;
	if (unlikely(!s))
		goto unlock;
	h = PID_HASH(tsk->pid);
	idx = s->by_pid[h];
	if (!idx) {
		struct cmdline_slot *victim;

		/*
		 * First pid of this hash: recycle the next slot round robin
		 * and unhook its previous owner. A pid whose hash already
		 * has a slot takes that slot over instead, since one bucket
		 * can only name one pid. So every used slot stays the one
		 * its pid's bucket points at.
		 */
		idx = s->next + 1;
		s->next = (s->next + 1) % s->nr;
		victim = &s->slots[idx - 1];
		if (victim->pid && s->by_pid[PID_HASH(victim->pid)] == idx)
			s->by_pid[PID_HASH(victim->pid)] = 0;
		s->by_pid[h] = idx;
	}
	s->slots[idx - 1].pid = tsk->pid;
	memcpy(s->slots[idx - 1].comm, tsk->comm, TASK_COMM_LEN);
	s->slots[idx - 1].comm[TASK_COMM_LEN - 1] = '\0';
unlock:
	cmdline_unlock();
	return true;
}

static int *tgid_slot(int pid)
{
	/*
	 * Pairs with the release in trace_alloc_tgid_map(): seeing the map
	 * means seeing tgid_map_max as well.
	 */
	int *map = smp_load_acquire(&tgid_map);

	if (!map || pid < 0 || pid > tgid_map_max)
		return NULL;
	return &map[pid];
}

static bool save_tgid(struct task_struct *tsk)
{
	int *slot;

	if (!tsk->pid)
		return true;
	slot = tgid_slot(tsk->pid);
	if (!slot)
		return false;
	WRITE_ONCE(*slot, tsk->tgid);
	return true;
}

void tracing_record_cmdline(struct task_struct *task)
{
	save_cmdline(task);
}

void tracing_record_tgid(struct task_struct *task)
{
	save_tgid(task);
}

/*
 * The slow half of the pid-map check in __buffer_unlock_commit()
 * (trace.h): the note did not match current, so record what @want asks
 * for and, once all of it is stored, note it. The note is only written after the store was,
 * and only by this CPU; an NMI that sees it half written at worst records
 * once more, because a partial note matches current only where it
 * already held current's values.
 */
void tracing_record_taskinfo_slow(unsigned int want)
{
	struct task_struct *tsk = current;
	struct taskinfo_note *note;
	unsigned int gen, done = 0;
	u64 comm[TASK_COMM_LEN / sizeof(u64)];

	if (!tsk->pid)
		return;
	/* A fixed-size copy compiles to word loads; tsk->comm may be unaligned. */
	BUILD_BUG_ON(TASK_COMM_LEN != 2 * sizeof(u64));
	memcpy(comm, tsk->comm, TASK_COMM_LEN);

	/* callers hold a reservation, so this only documents the need */
	preempt_disable_notrace();
	note = this_cpu_ptr(&taskinfo_note);
	gen = READ_ONCE(cmdlines_gen);
	if ((want & TRACE_ITER_RECORD_CMD) && save_cmdline(tsk))
		done |= TRACE_ITER_RECORD_CMD;
	if ((want & TRACE_ITER_RECORD_TGID) && save_tgid(tsk))
		done |= TRACE_ITER_RECORD_TGID;
	if (done != want)
		goto out;		/* try again on the next event */

	/*
	 * Compiler barriers: the note is this CPU's, written here and read
	 * only here and by what interrupts this CPU, so no other CPU's
	 * barrier pairs with these; they keep "done" cleared while the
	 * other fields change.
	 */
	note->done = 0;
	barrier();
	note->pid = tsk->pid;
	note->tgid = tsk->tgid;
	note->gen = gen;
	note->comm[0] = comm[0];
	note->comm[1] = comm[1];
	barrier();
	note->done = done;
out:
	preempt_enable_notrace();
}

void trace_find_cmdline(int pid, char comm[])
{
	struct cmdline_store *s;
	unsigned int idx;

	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return;
	}
	strscpy(comm, "<...>", TASK_COMM_LEN);
	if (pid < 0 || !cmdline_lock_read())
		return;
	s = cmdlines;
	idx = s ? s->by_pid[PID_HASH(pid)] : 0;
	if (idx && s->slots[idx - 1].pid == pid)
		strscpy(comm, s->slots[idx - 1].comm, TASK_COMM_LEN);
	cmdline_unlock();
}

int trace_find_tgid(int pid)
{
	int *slot = tgid_slot(pid);

	return slot ? READ_ONCE(*slot) : 0;
}

static int trace_alloc_tgid_map(void)
{
	int *map;

	/*
	 * Callers hold trace_types_lock and this is the only store: a plain
	 * load sees any earlier one, and the map is not read through it.
	 */
	if (READ_ONCE(tgid_map))
		return 0;
	/* Covers the pids possible now; later, larger pids go unrecorded. */
	tgid_map_max = pid_max;
	map = kvcalloc(tgid_map_max + 1, sizeof(*map), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	/* Publish the size before the map; see tgid_slot(). */
	smp_store_release(&tgid_map, map);
	return 0;
}


/* ------------------------------------------------------------------ */
/* saved_cmdlines: "pid comm" for every slot in use.                   */

/*
 * The lock is taken per line, not across the whole read, so a reader
 * never keeps recorders waiting for long. Positions are slot numbers;
 * if the store is replaced mid-read the rest comes from the new one.
 */
static void *cmdlines_seek(loff_t *pos, pid_t *pid, char *comm)
{
	struct cmdline_store *s;
	void *found = NULL;

	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	s = cmdlines;
	for (; *pos < s->nr; ++*pos) {
		struct cmdline_slot *slot = &s->slots[*pos];

		if (slot->pid) {
			*pid = slot->pid;
			memcpy(comm, slot->comm, TASK_COMM_LEN);
			found = pos;
			break;
		}
	}
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();
	return found;
}

struct cmdlines_iter {
	pid_t	pid;
	char	comm[TASK_COMM_LEN];
};

static void *saved_cmdlines_start(struct seq_file *m, loff_t *pos)
{
	struct cmdlines_iter *it = m->private;

	return cmdlines_seek(pos, &it->pid, it->comm);
}

static void *saved_cmdlines_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return saved_cmdlines_start(m, pos);
}

static void saved_cmdlines_stop(struct seq_file *m, void *v)
{
}

static int saved_cmdlines_show(struct seq_file *m, void *v)
{
	struct cmdlines_iter *it = m->private;

	seq_printf(m, "%d %s\n", it->pid, it->comm);
	return 0;
}

static const struct seq_operations saved_cmdlines_seq_ops = {
	.start	= saved_cmdlines_start,
	.next	= saved_cmdlines_next,
	.stop	= saved_cmdlines_stop,
	.show	= saved_cmdlines_show,
};

static int saved_cmdlines_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	if (ret)
		return ret;
	return seq_open_private(filp, &saved_cmdlines_seq_ops,
				sizeof(struct cmdlines_iter));
}

static const struct file_operations saved_cmdlines_fops = {
	.open		= saved_cmdlines_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/* ------------------------------------------------------------------ */
/* saved_cmdlines_size                                                 */

static ssize_t saved_cmdlines_size_read(struct file *filp, char __user *ubuf,
					size_t cnt, loff_t *ppos)
{
	char buf[16];
	unsigned int nr;
	int len;

	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	nr = cmdlines->nr;
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();

	len = scnprintf(buf, sizeof(buf), "%u\n", nr);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* A new size starts an empty map, as upstream does. */
static ssize_t saved_cmdlines_size_write(struct file *filp,
					 const char __user *ubuf, size_t cnt,
					 loff_t *ppos)
{
	struct cmdline_store *s, *old;
	unsigned long nr;
	int err;

	err = kstrtoul_from_user(ubuf, cnt, 10, &nr);
	/* At least one slot, and no more slots than there can be pids. */
	if (!err && (!nr || nr > PID_MAX_DEFAULT))
		err = -EINVAL;
	if (err)
		return err;

	s = cmdline_store_alloc(nr);
	if (!s)
		return -ENOMEM;

	preempt_disable();
	arch_spin_lock(&cmdline_lock);
	old = cmdlines;
	cmdlines = s;
	/* Notes about the old store no longer mean anything. */
	WRITE_ONCE(cmdlines_gen, cmdlines_gen + 1);
	arch_spin_unlock(&cmdline_lock);
	preempt_enable();

	/* Every access to a store holds the lock: nobody sees @old now. */
	kvfree(old);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations saved_cmdlines_size_fops = {
	.open		= tracing_open_generic,
	.read		= saved_cmdlines_size_read,
	.write		= saved_cmdlines_size_write,
	.llseek		= generic_file_llseek,
};

/* ------------------------------------------------------------------ */
/* saved_tgids: "pid tgid" for every pid record-tgid has seen.         */

static void *saved_tgids_seek(loff_t *pos)
{
	for (; *pos >= 0; ++*pos) {
		int *slot = tgid_slot(*pos);

		if (!slot)
			return NULL;
		if (READ_ONCE(*slot))
			return slot;
	}
	return NULL;
}

static void *saved_tgids_start(struct seq_file *m, loff_t *pos)
{
	return saved_tgids_seek(pos);
}

static void *saved_tgids_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return saved_tgids_seek(pos);
}

static void saved_tgids_stop(struct seq_file *m, void *v)
{
}

static int saved_tgids_show(struct seq_file *m, void *v)
{
	int *slot = v;

	seq_printf(m, "%d %d\n", (int)(slot - tgid_map), READ_ONCE(*slot));
	return 0;
}

static const struct seq_operations saved_tgids_seq_ops = {
	.start	= saved_tgids_start,
	.next	= saved_tgids_next,
	.stop	= saved_tgids_stop,
	.show	= saved_tgids_show,
};

static int saved_tgids_open(struct inode *inode, struct file *filp)
{
	int ret = tracing_check_open_get_tr(NULL);

	return ret ? ret : seq_open(filp, &saved_tgids_seq_ops);
}

static const struct file_operations saved_tgids_fops = {
	.open		= saved_tgids_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/* The maps are shared by every array: their files are the top level's. */
static void cmdlines_files_create(struct trace_array *tr, struct dentry *dir)
{
	if (!(tr->flags & TRACE_ARRAY_FL_GLOBAL))
		return;
	trace_create_file("saved_cmdlines", TRACE_MODE_READ, dir, NULL,
			  &saved_cmdlines_fops);
	trace_create_file("saved_cmdlines_size", TRACE_MODE_WRITE, dir, NULL,
			  &saved_cmdlines_size_fops);
	trace_create_file("saved_tgids", TRACE_MODE_READ, dir, NULL,
			  &saved_tgids_fops);
}

/* record-tgid wants the tgid map: made when the option is first set. */
static int cmdlines_flag_changed(struct trace_array *tr, unsigned int mask,
				 bool on)
{
	if (mask == TRACE_ITER_RECORD_TGID && on)
		return trace_alloc_tgid_map();
	return 0;
}

static struct trace_array_client cmdlines_client = {
	.name		= "trace_cmdlines",
	.create		= cmdlines_files_create,
	.flag_changed	= cmdlines_flag_changed,
};

/*
 * Early, before the first entry: the comm store, and the client, so that
 * trace_options=record-tgid at boot finds it.
 */
int __init trace_cmdlines_init(void)
{
	cmdlines = cmdline_store_alloc(CMDLINES_DEFAULT);
	if (!cmdlines)
		return -ENOMEM;
	return trace_array_client_register(&cmdlines_client);
}
