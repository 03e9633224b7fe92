// SPDX-License-Identifier: GPL-2.0
/*
 * One socket across processes, and the sleeps of every socket.
 *
 * In the kernel a descriptor that fork() copies still names the one
 * socket: what either process sends, the other receives; IV, hash state
 * and queued data are one.  The shim keeps a socket's state in private
 * memory, which is the fast path for the programs that never fork with a
 * socket open, until fork() copies the descriptor table (the atfork
 * prepare handler, startup.c).  Then every socket of the table (and the
 * tfm socket behind every op socket) moves into a region of its own:
 *
 *   a memfd mapped MAP_SHARED | MAP_NORESERVE, inherited by the child at
 *   the same address, so the pointers inside (the op state's buffers,
 *   the adapters' contexts) stay valid in both processes;
 *   a robust process-shared mutex, the socket's lock from then on;
 *   a futex word sleepers wait on (afs_wait()), woken across processes;
 *   the ids of the processes that hold it: the last one to let go of the
 *   socket releases it as the kernel does at the last close (the tfm's
 *   child count, the state), the others only unmap.  A holder that died
 *   without closing (exit, a crash) no longer counts; one that replaced
 *   itself with execve() still does, as the kernel's socket lives on in
 *   the new program when the descriptor was not close-on-exec.
 *
 * Other programs reach the region through the placeholder (publish_fd()):
 * a process that receives the descriptor (SCM_RIGHTS) or runs a new
 * program with it (execve) maps the region at the same address too, when
 * it runs the same shim build.  So the region holds no pointer into the
 * shim's image, whose address differs between programs: algorithms are
 * indices (afs_tfm.alg_index), and the adapters' contexts hold none.
 *
 * A process that dies holding the lock leaves it to the next taker
 * (EOWNERDEAD, the state as the dead one left it); one that dies while
 * others sleep leaves them sleeping exactly where the kernel would (the
 * socket is still open in the sleepers' process); one that dies while its
 * send waits for room leaves no concurrent-send EBUSY behind (txq.c).
 *
 * Sleeps, private or shared, are futex waits: a signal whose handler was
 * installed without SA_RESTART ends them with EINTR, with SA_RESTART the
 * kernel restarts the wait, as sk_wait_event() does for a kernel socket.
 */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#include "real.h"

#define AFS_HOLDERS 126
#define AFS_SHARED_MAGIC 0x316873676c616661ull	/* "afalgsh1" */
#define AFS_BUILD_ID_MAX 32

struct afs_shared {
	/*
	 * Identity, first, so an adopting process reads it with pread()
	 * before it maps anything: the shim build that laid the region out
	 * (its GNU build-id) and where every process maps it.
	 */
	uint64_t magic;
	unsigned char build[AFS_BUILD_ID_MAX];
	struct afs_shared *self;
	size_t size;			/* of the mapping */
	/* what the socket is, for a process that adopts it */
	struct afs_shared *parent;	/* op socket: its tfm socket's */
	int kind, type, fd_type;
	unsigned int alg_index;		/* tfm: UINT_MAX while unbound */

	pthread_mutex_t lock;
	struct afs_waitq wq;
	int nholders;			/* under @lock */
	int inflight;			/* passed, not adopted: @lock */
	bool overflow;			/* more holders than fit: never last */
	bool released;			/* the last holder let go */
	bool nokey;			/* op socket: afs_sock.nokey, shared */
	pid_t holders[AFS_HOLDERS];
	_Alignas(64) unsigned char data[];
};

/* ------------------------------------------------------------------ */
/* Locks and sleeps                                                    */

void afs_mutex_lock(pthread_mutex_t *m)
{
	/* a robust lock whose owner died: take the state as it was left */
	if (pthread_mutex_lock(m) == EOWNERDEAD)
		pthread_mutex_consistent(m);
}

void afs_lock(struct afs_sock *s)
{
	pthread_mutex_t *m;

	for (;;) {
		m = atomic_load_explicit(&s->mtx, memory_order_acquire);
		afs_mutex_lock(m);
		/* shared meanwhile: the holder of the old lock moved it */
		if (__builtin_expect(atomic_load_explicit(
				&s->mtx, memory_order_relaxed) == m, 1))
			return;
		pthread_mutex_unlock(m);
	}
}

void afs_unlock(struct afs_sock *s)
{
	pthread_mutex_unlock(atomic_load_explicit(&s->mtx,
						  memory_order_relaxed));
}

/*
 * Called with the lock held, as every sleeper counts itself in @waiters
 * with the lock held: no sleeper, no store and no system call (the
 * common single-threaded case).
 */
static void wake_queue(struct afs_waitq *wq, int flags)
{
	if (!atomic_load_explicit(&wq->waiters, memory_order_relaxed))
		return;
	atomic_fetch_add_explicit(&wq->seq, 1, memory_order_release);
	afs_real.syscall(SYS_futex, &wq->seq, FUTEX_WAKE | flags, INT_MAX,
			 NULL, NULL, 0);
}

/* Caller holds the lock. */
void afs_wake(struct afs_sock *s)
{
	wake_queue(s->wq, s->futex_flags);
}

/*
 * Sleep until the next afs_wake(): called and returns with the lock held.
 * 0, or -EINTR when a signal handler without SA_RESTART ran.
 */
int afs_wait(struct afs_sock *s)
{
	struct afs_waitq *wq = s->wq;
	int flags = s->futex_flags, err = 0;
	unsigned int seq;
	long r;

	seq = atomic_load_explicit(&wq->seq, memory_order_acquire);
	atomic_fetch_add(&wq->waiters, 1);
	afs_unlock(s);
	r = afs_real.syscall(SYS_futex, &wq->seq, FUTEX_WAIT | flags, seq,
			     NULL, NULL, 0);
	if (r < 0 && errno == EINTR)
		err = -EINTR;
	atomic_fetch_sub(&wq->waiters, 1);
	afs_lock(s);
	return err;
}

/* ------------------------------------------------------------------ */
/* Moving a socket into a shared region                                */

/*
 * Whether op socket @s is still a nokey child: one flag for every process
 * once shared (s->nokey is then this process's hint, true until the
 * locked check reads the shared flag).  Caller holds the lock.
 */
bool *afs_nokey_slot(struct afs_sock *s)
{
	return s->sh ? &s->sh->nokey : &s->nokey;
}

/*
 * The regions this process maps: for the count a fork adds, and so a
 * socket passed back to a process that maps its region already is the
 * object it has (@s, no reference: it unmaps before it is freed).  @memfd
 * (close-on-exec) backs the region, identified by @dev and @ino, as the
 * program may close the number and reuse it for a file of its own.
 */
struct region_ref {
	struct afs_shared *sh;
	struct afs_sock *s;
	int memfd;
	dev_t dev;
	ino_t ino;
	struct region_ref *next;
};
static struct region_ref *regions;	/* under regions_lock */
static pthread_mutex_t regions_lock = PTHREAD_MUTEX_INITIALIZER;

/* ------------------------------------------------------------------ */
/* Which shim build laid a region out                                  */

static unsigned char build_id[AFS_BUILD_ID_MAX];
static bool have_build_id;
static pthread_once_t build_once = PTHREAD_ONCE_INIT;

/* dl_iterate_phdr(): the GNU build-id note of the object holding @data */
static int find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
	uintptr_t me = (uintptr_t)data, a;
	const ElfW(Phdr) *ph;
	const ElfW(Nhdr) *n;
	bool ours = false;
	size_t off;
	int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		ph = &info->dlpi_phdr[i];
		a = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && me >= a && me - a < ph->p_memsz)
			ours = true;
	}
	if (!ours)
		return 0;
	for (i = 0; i < info->dlpi_phnum; i++) {
		ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		for (off = 0; off + sizeof(*n) <= ph->p_memsz;) {
			n = (const void *)(info->dlpi_addr + ph->p_vaddr + off);
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
			    !memcmp(n + 1, "GNU", 4) && n->n_descsz &&
			    n->n_descsz <= AFS_BUILD_ID_MAX) {
				memcpy(build_id, (const char *)(n + 1) + 4,
				       n->n_descsz);
				have_build_id = true;
				return 1;
			}
			off += sizeof(*n) + ((n->n_namesz + 3) & ~3u) +
			       ((n->n_descsz + 3) & ~3u);
		}
	}
	return 1;
}

static void read_build_id(void)
{
	dl_iterate_phdr(find_build_id, (void *)&read_build_id);
}

/*
 * The build-id of this shim, or NULL without one: a region holds the
 * shim's internal layout (struct afs_sock's state, the adapters'
 * contexts, algorithm indices), which only the same build can read.
 */
static const unsigned char *shim_build_id(void)
{
	pthread_once(&build_once, read_build_id);
	return have_build_id ? build_id : NULL;
}

/* ------------------------------------------------------------------ */
/* Regions                                                             */

static void shared_mutex_init(pthread_mutex_t *m)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(m, &a);
	pthread_mutexattr_destroy(&a);
}

static void region_add(struct afs_shared *sh, struct afs_sock *s, int memfd,
		       struct region_ref *r)
{
	struct stat st;

	r->sh = sh;
	r->s = s;
	r->memfd = memfd;
	r->dev = 0;
	r->ino = 0;
	if (memfd >= 0 && !fstat(memfd, &st)) {
		r->dev = st.st_dev;
		r->ino = st.st_ino;
	}
	pthread_mutex_lock(&regions_lock);
	r->next = regions;
	regions = r;
	pthread_mutex_unlock(&regions_lock);
}

/* @r's memfd is still the number the region was made from */
static bool region_memfd_ok(const struct region_ref *r)
{
	struct stat st;

	return r->memfd >= 0 && !fstat(r->memfd, &st) &&
	       st.st_dev == r->dev && st.st_ino == r->ino;
}

/*
 * The memfd behind @sh, still the one the region was made from (the
 * program may have closed the number), or -1.
 */
static int region_memfd(struct afs_shared *sh)
{
	struct region_ref *r;
	int fd = -1;

	pthread_mutex_lock(&regions_lock);
	for (r = regions; r; r = r->next) {
		if (r->sh != sh)
			continue;
		if (region_memfd_ok(r))
			fd = r->memfd;
		break;
	}
	pthread_mutex_unlock(&regions_lock);
	return fd;
}

/* @fd moved out of the way of the numbers programs use themselves */
static int fd_high(int fd)
{
	int hi = afs_real.fcntl(fd, F_DUPFD_CLOEXEC, 512);

	if (hi < 0)
		return fd;
	afs_real.close(fd);
	return hi;
}

/*
 * A region of @payload bytes for socket @s, this process its one holder.
 * It is a memfd, so that a process that receives the socket (SCM_RIGHTS)
 * or runs a new program (execve) can map it too, at the same address;
 * anonymous shared memory, for fork() alone, when memfds are refused.
 */
static struct afs_shared *region_new(struct afs_sock *s, size_t payload)
{
	size_t size = sizeof(struct afs_shared) + payload;
	const unsigned char *id = shim_build_id();
	struct afs_shared *sh = MAP_FAILED;
	struct region_ref *r = malloc(sizeof(*r));
	int memfd;

	if (!r)
		return NULL;
	size = (size + AFS_PAGE_SIZE - 1) & ~(size_t)(AFS_PAGE_SIZE - 1);
	memfd = memfd_create("afalg-shim", MFD_CLOEXEC);
	if (memfd >= 0 && ftruncate(memfd, (off_t)size)) {
		afs_real.close(memfd);
		memfd = -1;
	}
	if (memfd >= 0) {
		memfd = fd_high(memfd);
		sh = mmap(NULL, size, PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_NORESERVE, memfd, 0);
	}
	if (sh == MAP_FAILED)
		sh = mmap(NULL, size, PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (sh == MAP_FAILED) {
		if (memfd >= 0)
			afs_real.close(memfd);
		free(r);
		return NULL;
	}
	sh->magic = AFS_SHARED_MAGIC;
	if (id)
		memcpy(sh->build, id, AFS_BUILD_ID_MAX);
	sh->self = sh;
	sh->size = size;
	sh->kind = s->kind;
	sh->type = s->type;
	sh->fd_type = s->fd_type;
	sh->alg_index = UINT_MAX;
	shared_mutex_init(&sh->lock);
	sh->nholders = 1;
	sh->holders[0] = getpid();
	region_add(sh, s, memfd, r);
	return sh;
}

/* The tfm of a bound tfm socket, key and DRBG included. */
static int share_tfm(struct afs_sock *s, struct afs_shared *sh)
{
	struct afs_tfm *old = s->tfm, *t;
	size_t ctx_off = (sizeof(*t) + 63) & ~(size_t)63;

	if (!old)
		return 0;
	t = (struct afs_tfm *)sh->data;
	/* a DRBG generating meanwhile: copy the state it leaves */
	afs_mutex_lock(&old->rng_lock);
	memcpy(t, old, sizeof(*t));
	t->in_shared = true;
	t->ctx = old->ctx ? (unsigned char *)t + ctx_off : NULL;
	if (old->ctx)
		memcpy(t->ctx, old->ctx, s->alg->tfm_size);
	shared_mutex_init(&t->rng_lock);
	/*
	 * An open hash request may point into the old key context (cmac
	 * keeps a pointer to its key): the old copy stays, unchanged, until
	 * the socket is released (no key can be set while children exist).
	 */
	s->tfm_moved = old;
	s->moved_alg = s->alg;
	s->tfm = t;
	pthread_mutex_unlock(&old->rng_lock);
	return 0;
}

static size_t payload_of(struct afs_sock *s)
{
	switch (s->kind) {
	case AFS_KIND_TFM:
		return s->tfm ? ((sizeof(struct afs_tfm) + 63) & ~(size_t)63) +
			s->alg->tfm_size : 0;
	case AFS_KIND_OP:
		return s->ops->share_size ? s->ops->share_size(s) : 0;
	default:
		return 0;
	}
}

/*
 * Move @s into a shared region of its own; a socket already shared, and a
 * NETLINK_CRYPTO socket (each process keeps its own replies), stay as
 * they are.  Caller holds the table lock.
 */
static int share_one(struct afs_sock *s)
{
	struct afs_shared *sh;
	struct afs_waitq *old_wq;
	size_t payload;
	int old_flags;

	if (s->sh || s->kind == AFS_KIND_NETLINK)
		return 0;
	if (s->kind == AFS_KIND_OP && s->parent) {
		int err = share_one(s->parent);

		if (err)
			return err;
	}
	afs_lock(s);
	payload = payload_of(s);
	sh = region_new(s, payload);
	if (!sh) {
		afs_unlock(s);
		return -ENOMEM;
	}
	if (s->kind == AFS_KIND_TFM) {
		share_tfm(s, sh);
		if (s->tfm)
			sh->alg_index = s->tfm->alg_index;
	} else {
		sh->parent = s->parent ? s->parent->sh : NULL;
		sh->nokey = s->nokey;
		if (s->ops->share_move)
			s->ops->share_move(s, sh->data, payload);
	}
	s->sh = sh;
	old_wq = s->wq;
	old_flags = s->futex_flags;
	s->wq = &sh->wq;
	s->futex_flags = 0;
	atomic_store_explicit(&s->mtx, &sh->lock, memory_order_release);
	/* sleepers on the private word come back and find the region */
	wake_queue(old_wq, old_flags);
	pthread_mutex_unlock(&s->lock);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Publishing a region through the placeholder                         */

/*
 * A process that receives our descriptor (SCM_RIGHTS) or runs a new
 * program with it (execve) holds only the AF_UNIX placeholder.  So the
 * placeholder carries its region: it is connected, in place, to a peer
 * (through a listener of an autobound abstract name, there only for this
 * connect) that queues one empty message with the region's memfd (an op
 * socket's: and its tfm socket's) as SCM_RIGHTS, then closes.  The message
 * stays queued for the placeholder's life; the shim of any process that
 * holds the placeholder peeks it (MSG_PEEK installs copies of the passed
 * descriptors every time and consumes nothing).  The placeholder stays the
 * same open file: its flags, options, duplicates and epoll registrations
 * are untouched.  A placeholder connected already carries it (EISCONN).
 * Returns 0 or -errno.
 */
static int publish_fd(struct afs_sock *s, int ph)
{
	int lst, srv = -1, fds[2], n = 0, err;
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	socklen_t al = sizeof(a);
	union {
		char buf[CMSG_SPACE(sizeof(fds))];
		struct cmsghdr align;
	} u;
	struct msghdr m;
	struct cmsghdr *c;

	fds[n] = region_memfd(s->sh);
	if (fds[n++] < 0)
		return -EBADF;
	if (s->kind == AFS_KIND_OP) {
		fds[n] = region_memfd(s->parent->sh);
		if (fds[n++] < 0)
			return -EBADF;
	}
	lst = afs_real.socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (lst < 0)
		return -errno;
	/* autobind: a fresh abstract name nobody else holds */
	if (afs_real.bind(lst, (struct sockaddr *)&a, sizeof(sa_family_t)) ||
	    afs_real.getsockname(lst, (struct sockaddr *)&a, &al) ||
	    afs_real.listen(lst, 1))
		goto fail;
	if (afs_real.connect(ph, (struct sockaddr *)&a, al)) {
		err = errno == EISCONN ? 0 : -errno;
		afs_real.close(lst);
		return err;
	}
	srv = afs_real.accept4(lst, NULL, NULL, SOCK_CLOEXEC);
	if (srv < 0)
		goto fail;
	memset(&m, 0, sizeof(m));
	memset(&u, 0, sizeof(u));
	m.msg_control = u.buf;
	m.msg_controllen = CMSG_SPACE(n * sizeof(int));
	c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(n * sizeof(int));
	memcpy(CMSG_DATA(c), fds, n * sizeof(int));
	if (afs_real.sendmsg(srv, &m, MSG_NOSIGNAL) < 0)
		goto fail;
	afs_real.close(srv);
	afs_real.close(lst);
	return 0;
fail:
	err = -errno;
	if (srv >= 0)
		afs_real.close(srv);
	afs_real.close(lst);
	return err;
}

/* Every placeholder of @s in this process.  Caller holds the table lock. */
static int publish_locked(struct afs_sock *s)
{
	int fd, m = afs_max_fd(), err;

	if (!s->sh)
		return -ENOMEM;
	if (s->published)	/* its descriptors' open file carries it */
		return 0;
	for (fd = 0; fd <= m; fd++) {
		if (afs_peek_locked(fd) != s)
			continue;
		err = publish_fd(s, fd);
		if (err)
			return err;
	}
	s->published = true;
	return 0;
}

/*
 * fork() is about to copy the descriptor table (caller holds the table
 * lock): every socket in it becomes shared, and published for the
 * programs the child may run.  A socket that cannot be (no memory for
 * the region) stays private: the child then continues with a copy, as
 * D1 in DIVERGENCES.md says, and the log records it.
 */
static void share_table_locked(bool inherited_only)
{
	int fd, m = afs_max_fd(), fl;
	struct afs_sock *s;

	for (fd = 0; fd <= m; fd++) {
		s = afs_peek_locked(fd);
		if (!s || s->kind == AFS_KIND_NETLINK)
			continue;
		fl = inherited_only ? afs_real.fcntl(fd, F_GETFD) : 0;
		if (fl > 0 && (fl & FD_CLOEXEC))
			continue;
		if (share_one(s))
			afs_log_divergence("D1", "fork: no memory to share");
		else if (publish_locked(s))
			afs_log_divergence("D2", "exec: socket not published");
	}
}

void afs_share_all_locked(void)
{
	share_table_locked(false);
}

/*
 * execve() in this process (@inherited_only: a socket all of whose
 * descriptors are close-on-exec dies with the old program, and stays
 * private), or a child about to run one, whose descriptors may differ.
 */
void afs_share_for_exec(bool inherited_only)
{
	afs_table_lock();
	share_table_locked(inherited_only);
	afs_table_unlock();
}

/*
 * sendmsg() with SCM_RIGHTS is about to pass our descriptor @fd (@delta
 * 1), or its send failed and it was not passed (@delta -1).  The socket
 * becomes shared and published first, as for fork(); until a receiver
 * adopts it, the socket counts as held (the kernel's in-flight
 * reference), so the sender's close does not release it.  Returns true
 * when @fd is ours.
 */
bool afs_share_pass(int fd, int delta)
{
	struct afs_sock *s, *p;
	int err;

	afs_table_lock();
	s = afs_peek_locked(fd);
	if (!s) {
		afs_table_unlock();
		return false;
	}
	if (s->kind == AFS_KIND_NETLINK) {
		afs_table_unlock();
		if (delta > 0)
			afs_log_divergence("D3", "netlink socket passed");
		return true;
	}
	err = delta > 0 ? share_one(s) : 0;
	if (!err && delta > 0)
		err = publish_locked(s);
	if (err) {
		afs_table_unlock();
		afs_log_divergence("D3", "SCM_RIGHTS: socket not published");
		return true;
	}
	for (p = s; p && p->sh; p = p->kind == AFS_KIND_OP ? p->parent : NULL) {
		afs_mutex_lock(&p->sh->lock);
		p->sh->inflight += delta;
		if (p->sh->inflight < 0)
			p->sh->inflight = 0;
		pthread_mutex_unlock(&p->sh->lock);
	}
	afs_table_unlock();
	return true;
}

/*
 * @pid holds @sh (once), and one passed copy arrived (@passed).  False
 * when the socket was released meanwhile: its state is gone.
 */
static bool hold(struct afs_shared *sh, pid_t pid, bool passed)
{
	bool alive;
	int i;

	afs_mutex_lock(&sh->lock);
	alive = !sh->released;
	for (i = 0; i < sh->nholders && sh->holders[i] != pid; i++)
		;
	if (alive && i == sh->nholders) {
		if (sh->nholders < AFS_HOLDERS)
			sh->holders[sh->nholders++] = pid;
		else
			sh->overflow = true;
	}
	if (passed && sh->inflight > 0)
		sh->inflight--;
	pthread_mutex_unlock(&sh->lock);
	return alive;
}

/*
 * Process @pid holds every region this one maps: a child of fork(), or
 * the child of vfork() or posix_spawn() that runs a new program, which
 * holds the descriptors from then on, before its shim adopts them.
 */
void afs_share_hold_all(pid_t pid)
{
	struct region_ref *r;

	pthread_mutex_lock(&regions_lock);
	for (r = regions; r; r = r->next)
		hold(r->sh, pid, false);
	pthread_mutex_unlock(&regions_lock);
}

/* In the child: one more process holds every region this one maps. */
void afs_share_atfork_child(void)
{
	pthread_mutex_init(&regions_lock, NULL);
	afs_share_hold_all(getpid());
}

/* ------------------------------------------------------------------ */
/* Adopting a socket another process published                         */

static const struct afs_type_ops *type_ops_of(int type)
{
	switch (type) {
	case AFS_HASH:
		return &afs_hash_type;
	case AFS_SKCIPHER:
		return &afs_skcipher_type;
	case AFS_AEAD:
		return &afs_aead_type;
	case AFS_RNG:
		return &afs_rng_type;
	default:
		return NULL;
	}
}

/* the socket this process has for the region of @memfd, +1 ref, or NULL */
static struct afs_sock *known(const struct afs_shared *hdr,
			      const struct stat *st)
{
	struct afs_sock *s = NULL;
	struct region_ref *r;
	int ref;

	pthread_mutex_lock(&regions_lock);
	for (r = regions; r; r = r->next) {
		if (r->sh != hdr->self || r->ino != st->st_ino ||
		    r->dev != st->st_dev || !r->s)
			continue;
		ref = atomic_load(&r->s->ref);
		while (ref > 0 &&
		       !atomic_compare_exchange_weak(&r->s->ref, &ref, ref + 1))
			;
		if (ref > 0)
			s = r->s;
		break;
	}
	pthread_mutex_unlock(&regions_lock);
	return s;
}

/*
 * The socket of the region behind @memfd (which this takes over), with
 * one reference: the one this process has already, or a new one on the
 * region mapped at its address.  @parent: an op socket's tfm socket
 * (its reference passes to the new socket).  NULL, logged, when the
 * region is not one this shim build can use.
 */
static struct afs_sock *adopt_region(int memfd, struct afs_sock *parent,
				     bool passed)
{
	const unsigned char *id = shim_build_id();
	struct afs_shared hdr, *sh;
	struct region_ref *r;
	struct afs_sock *s;
	struct stat st;
	void *p;

	if (pread(memfd, &hdr, offsetof(struct afs_shared, lock), 0) !=
	    (ssize_t)offsetof(struct afs_shared, lock) ||
	    hdr.magic != AFS_SHARED_MAGIC || fstat(memfd, &st) ||
	    (size_t)st.st_size < hdr.size || hdr.size < sizeof(hdr))
		goto fail_quiet;
	if (!id || memcmp(hdr.build, id, AFS_BUILD_ID_MAX)) {
		afs_log_divergence("D3", "socket of another shim build");
		goto fail_quiet;
	}
	/*
	 * The region's pointers are used as they are: only a process that
	 * could write this one's memory anyway (the same user) may lay it
	 * out.  A memfd belongs to the user that created it.
	 */
	if (st.st_uid != geteuid()) {
		afs_log_divergence("D3", "socket of another user");
		goto fail_quiet;
	}
	s = known(&hdr, &st);
	if (s) {
		afs_real.close(memfd);
		if (parent)
			afs_put(parent);
		hold(s->sh, getpid(), passed);
		return s;
	}
	if ((hdr.kind == AFS_KIND_OP) != !!parent ||
	    (parent && parent->sh != hdr.parent) ||
	    (hdr.kind != AFS_KIND_OP && hdr.kind != AFS_KIND_TFM) ||
	    !type_ops_of(hdr.type))
		goto fail_quiet;
	/* at the same address, so the pointers inside stay valid */
	p = mmap(hdr.self, hdr.size, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_NORESERVE | MAP_FIXED_NOREPLACE, memfd, 0);
	if (p != hdr.self) {
		if (p != MAP_FAILED)	/* a kernel taking it as a hint */
			munmap(p, hdr.size);
		afs_log_divergence("D3", "region cannot be mapped");
		goto fail_quiet;
	}
	sh = p;
	memfd = fd_high(memfd);
	r = malloc(sizeof(*r));
	s = r ? afs_sock_alloc(hdr.kind) : NULL;
	if (!s) {
		free(r);
		munmap(sh, hdr.size);
		goto fail_quiet;
	}
	s->type = hdr.type;
	s->fd_type = hdr.fd_type;
	if (hdr.kind == AFS_KIND_TFM) {
		s->alg = hdr.alg_index == UINT_MAX ? NULL :
			 afs_alg_nth(hdr.alg_index);
		s->tfm = s->alg ? (struct afs_tfm *)sh->data : NULL;
	} else {
		s->ops = type_ops_of(hdr.type);
		s->parent = parent;
		s->nokey = true;	/* the shared flag decides */
		s->sndbuf = s->rcvbuf = 212992;
		/* the state share_move() laid out at the start of data[] */
		if (s->ops->share_move)
			s->st.hash = (void *)sh->data;
	}
	s->sh = sh;
	s->wq = &sh->wq;
	s->futex_flags = 0;
	atomic_store(&s->mtx, &sh->lock);
	region_add(sh, s, memfd, r);
	if (!hold(sh, getpid(), passed)) {
		/* every holder let go before this one took it: say so */
		afs_log_divergence("D2",
				   "socket released before it was adopted");
		/* nothing of it is this process's to release: only unmap */
		if (s->parent)
			afs_put(s->parent);
		s->parent = NULL;
		s->ops = NULL;
		s->tfm = NULL;
		afs_put(s);
		return NULL;
	}
	return s;

fail_quiet:
	afs_real.close(memfd);
	if (parent)
		afs_put(parent);
	return NULL;
}

/*
 * @fd, a descriptor this process just received (SCM_RIGHTS, @passed) or
 * inherited across execve(): when it is a placeholder that carries a
 * region (publish_fd()), it becomes the shared socket here too.
 */
void afs_share_adopt(int fd, bool passed)
{
	int domain, type, fds[2] = { -1, -1 }, n = 0, saved = errno;
	socklen_t l = sizeof(domain);
	union {
		char buf[CMSG_SPACE(4 * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct afs_sock *p = NULL, *s;
	struct cmsghdr *c;
	struct msghdr m;
	struct stat st;
	ssize_t r;
	int i, k, *v;

	/* a set-id program trusts no region its caller could have made */
	if (getauxval(AT_SECURE))
		return;
	/*
	 * The kernel just gave this number out: an entry of ours for it is
	 * one the program closed past the shim.
	 */
	s = afs_remove(fd);
	if (s)
		afs_put(s);
	if (fstat(fd, &st) || !S_ISSOCK(st.st_mode) ||
	    afs_real.getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &domain, &l) ||
	    domain != AF_UNIX)
		goto out;
	l = sizeof(type);
	if (afs_real.getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &l) ||
	    type != SOCK_SEQPACKET)
		goto out;
	memset(&m, 0, sizeof(m));
	m.msg_control = u.buf;
	m.msg_controllen = sizeof(u.buf);
	r = afs_real.recvmsg(fd, &m, MSG_PEEK | MSG_DONTWAIT |
			     MSG_CMSG_CLOEXEC);
	if (r < 0)
		goto out;
	for (c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		v = (int *)CMSG_DATA(c);
		k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
		for (i = 0; i < k; i++) {
			if (n < 2 && !r && !(m.msg_flags & MSG_CTRUNC))
				fds[n++] = v[i];
			else
				afs_real.close(v[i]);	/* not a carrier */
		}
	}
	if (!n)
		goto out;
	if (n == 2) {
		p = adopt_region(fds[1], NULL, passed);
		fds[1] = -1;
		if (!p || p->kind != AFS_KIND_TFM) {
			if (p)
				afs_put(p);
			afs_real.close(fds[0]);
			goto out;
		}
	}
	s = adopt_region(fds[0], p, passed);
	if (!s)
		goto out;
	if (!afs_install(fd, s)) {
		afs_sock_bufs_update(s, fd);
		s->published = true;
	}
	afs_put(s);
out:
	errno = saved;
}

/*
 * A new program (after execve()): the placeholders it inherited are the
 * sockets the old program had, when they carry their region.
 */
void afs_share_adopt_inherited(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int fd, self;

	if (!d)
		return;
	self = dirfd(d);
	while ((e = readdir(d))) {
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		fd = atoi(e->d_name);
		if (fd != self && !afs_is_ours(fd))
			afs_share_adopt(fd, false);
	}
	closedir(d);
}

/*
 * This process lets go of shared socket @s (its last reference here):
 * true when no other live process holds it and no copy is in flight,
 * and the caller then releases the socket's state as the kernel's last
 * close would.
 */
bool afs_share_release(struct afs_sock *s)
{
	struct afs_shared *sh = s->sh;
	pid_t me = getpid();
	bool last;
	int i;

	if (!sh)
		return true;
	afs_mutex_lock(&sh->lock);
	for (i = 0; i < sh->nholders;) {
		/* this process, or one that is gone */
		if (sh->holders[i] == me ||
		    (kill(sh->holders[i], 0) < 0 && errno == ESRCH))
			sh->holders[i] = sh->holders[--sh->nholders];
		else
			i++;
	}
	last = !sh->nholders && !sh->overflow && !sh->inflight;
	if (last)
		sh->released = true;
	pthread_mutex_unlock(&sh->lock);
	return last;
}

void afs_share_unmap(struct afs_sock *s)
{
	struct region_ref **pp, *r;
	struct afs_shared *sh = s->sh;

	if (!sh)
		return;
	pthread_mutex_lock(&regions_lock);
	for (pp = &regions; *pp; pp = &(*pp)->next) {
		if ((*pp)->sh == sh) {
			r = *pp;
			*pp = r->next;
			if (r->memfd >= 0 && region_memfd_ok(r))
				afs_real.close(r->memfd);
			free(r);
			break;
		}
	}
	pthread_mutex_unlock(&regions_lock);
	s->sh = NULL;
	s->published = false;
	s->wq = &s->wq_private;
	s->futex_flags = FUTEX_PRIVATE_FLAG;
	atomic_store(&s->mtx, &s->lock);
	munmap(sh, sh->size);
}
