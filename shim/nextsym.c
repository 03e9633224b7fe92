// SPDX-License-Identifier: GPL-2.0
/*
 * dlsym(RTLD_NEXT, name) without dlsym(), for the start-up.
 *
 * The shim is preloaded into every program and resolves every real libc
 * function in its constructor (real.h says why not later).  Through
 * dlsym() that is about 850 instructions a name, most of them the error
 * catching and locking around the lookup, 53,000 in all: a fifth of what
 * the shim adds to the start-up of /bin/true.  The lookup itself is a GNU
 * hash probe in each object after ours: this file does that, reading the
 * ELF tables of the objects the dynamic loader has already mapped in this
 * process (no other process's bytes, nothing from a file).
 *
 * It answers only where it answers exactly as dlsym() would (glibc's
 * do_lookup_x() and check_match() for an unversioned name looked up with
 * DL_LOOKUP_RETURN_NEWEST, as dlsym() does): the search list after ours
 * is the chain dl_iterate_phdr() walks, less the vDSO, which is not on
 * it (the loader builds both in the same breadth-first order; an object
 * opened with dlopen() before our constructor ran would be the one
 * exception).  For anything else (an IFUNC, a TLS or GNU_UNIQUE symbol,
 * a local binding, an object without a GNU hash table, LD_DYNAMIC_WEAK)
 * it leaves the name to dlsym().  tests/shim/nextsym-check.c compares it
 * with dlsym() name by name.
 */
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>

#include "real.h"

struct next_object {
	ElfW(Addr) base;
	const ElfW(Sym) *symtab;
	const char *strtab;
	const uint32_t *gnu_hash;
	const ElfW(Half) *versym;	/* NULL: no versions */
};

/* names per call; the shim has about 70 */
#define NEXT_NAMES_MAX 128

struct resolve_state {
	ElfW(Addr) self;	/* an address in our own object */
	ElfW(Addr) vdso;	/* AT_SYSINFO_EHDR, or 0 */
	bool after_self;
	const char *names;
	void **slots;
	unsigned int n;
	uint32_t hash[NEXT_NAMES_MAX];
	bool closed[NEXT_NAMES_MAX];	/* answered, or left to dlsym() */
};

static bool in_object(const struct dl_phdr_info *info, ElfW(Addr) a)
{
	for (unsigned int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		ElfW(Addr) start = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_LOAD && a >= start &&
		    a - start < ph->p_memsz)
			return true;
	}
	return false;
}

/*
 * A d_ptr of the object's dynamic section as an address: glibc adds the
 * load bias in place on most architectures and leaves it on some (a
 * read-only dynamic section), so take whichever form lies in the object.
 */
static const void *dyn_address(const struct dl_phdr_info *info, ElfW(Addr) p)
{
	if (in_object(info, p))
		return (const void *)p;
	if (in_object(info, info->dlpi_addr + p))
		return (const void *)(info->dlpi_addr + p);
	return NULL;
}

static bool read_object(const struct dl_phdr_info *info,
			struct next_object *o)
{
	const ElfW(Dyn) *dyn = NULL;

	for (unsigned int i = 0; i < info->dlpi_phnum; i++)
		if (info->dlpi_phdr[i].p_type == PT_DYNAMIC)
			dyn = (const void *)(info->dlpi_addr +
					     info->dlpi_phdr[i].p_vaddr);
	if (!dyn)
		return false;
	memset(o, 0, sizeof(*o));
	o->base = info->dlpi_addr;
	for (; dyn->d_tag != DT_NULL; dyn++) {
		switch (dyn->d_tag) {
		case DT_SYMTAB:
			o->symtab = dyn_address(info, dyn->d_un.d_ptr);
			break;
		case DT_STRTAB:
			o->strtab = dyn_address(info, dyn->d_un.d_ptr);
			break;
		case DT_GNU_HASH:
			o->gnu_hash = dyn_address(info, dyn->d_un.d_ptr);
			break;
		case DT_VERSYM:
			o->versym = dyn_address(info, dyn->d_un.d_ptr);
			if (!o->versym)
				return false;
			break;
		}
	}
	return o->symtab && o->strtab && o->gnu_hash;
}

static uint32_t gnu_hash(const char *s)
{
	uint32_t h = 5381;

	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

enum match {
	MATCH_NONE,		/* not this entry: go on */
	MATCH_FOUND,		/* the answer */
	MATCH_VERSIONED,	/* a default version: the answer if alone */
	MATCH_UNSURE,		/* dlsym() must answer */
};

/* check_match() of glibc 2.36 for an unversioned dlsym() */
static enum match match_entry(const struct next_object *o, uint32_t i)
{
	const ElfW(Sym) *s = &o->symtab[i];
	/* the same macros for ELF32 and ELF64 */
	unsigned int type = ELF64_ST_TYPE(s->st_info);
	unsigned int bind = ELF64_ST_BIND(s->st_info);

	if (type == STT_TLS || type == STT_GNU_IFUNC || bind == STB_GNU_UNIQUE)
		return MATCH_UNSURE;
	if (s->st_value == 0 && s->st_shndx != SHN_ABS)
		return MATCH_NONE;
	if (s->st_shndx == SHN_UNDEF)
		return MATCH_UNSURE;	/* a canonical PLT entry */
	if (type != STT_NOTYPE && type != STT_OBJECT && type != STT_FUNC &&
	    type != STT_COMMON)
		return MATCH_NONE;
	if (bind != STB_GLOBAL && bind != STB_WEAK)
		return MATCH_UNSURE;
	if (o->versym && (o->versym[i] & 0x7fff) >= 2)
		return (o->versym[i] & 0x8000) ? MATCH_NONE : MATCH_VERSIONED;
	return MATCH_FOUND;
}

/* do_lookup_x() in one object: 1 found, 0 not here, -1 unsure */
static int lookup_in(const struct next_object *o, const char *name,
		     uint32_t hash, void **addr)
{
	const unsigned int bits = sizeof(ElfW(Addr)) * 8;
	const uint32_t *h = o->gnu_hash;
	uint32_t nbuckets = h[0], symoffset = h[1];
	uint32_t bloom_size = h[2], bloom_shift = h[3];
	const ElfW(Addr) *bloom = (const void *)&h[4];
	const uint32_t *buckets = (const void *)&bloom[bloom_size];
	const uint32_t *chain = &buckets[nbuckets];
	const ElfW(Sym) *versioned = NULL;
	unsigned int nversioned = 0;
	ElfW(Addr) word, mask;
	uint32_t i;

	if (!nbuckets || !bloom_size)
		return 0;
	word = bloom[(hash / bits) % bloom_size];
	mask = ((ElfW(Addr))1 << (hash % bits)) |
	       ((ElfW(Addr))1 << ((hash >> bloom_shift) % bits));
	if ((word & mask) != mask)
		return 0;
	i = buckets[hash % nbuckets];
	if (i < symoffset)
		return 0;
	for (;; i++) {
		uint32_t chained = chain[i - symoffset];

		if (((chained ^ hash) >> 1) == 0 &&
		    !strcmp(o->strtab + o->symtab[i].st_name, name)) {
			switch (match_entry(o, i)) {
			case MATCH_FOUND:
				*addr = (void *)(o->base +
						 o->symtab[i].st_value);
				return 1;
			case MATCH_VERSIONED:
				if (nversioned++ == 0)
					versioned = &o->symtab[i];
				break;
			case MATCH_UNSURE:
				return -1;
			case MATCH_NONE:
				break;
			}
		}
		if (chained & 1)
			break;
	}
	if (nversioned != 1)
		return nversioned ? -1 : 0;
	*addr = (void *)(o->base + versioned->st_value);
	return 1;
}

static int resolve_in_object(struct dl_phdr_info *info, size_t size,
			     void *arg)
{
	struct resolve_state *st = arg;
	struct next_object o;
	const char *name = st->names;
	bool open = false;

	(void)size;
	if (!st->after_self) {
		st->after_self = in_object(info, st->self);
		return 0;
	}
	if (st->vdso && in_object(info, st->vdso))
		return 0;
	/* an object we cannot search: dlsym() for every name still open */
	if (!read_object(info, &o))
		return 1;
	for (unsigned int i = 0; i < st->n; i++, name += strlen(name) + 1) {
		if (st->closed[i])
			continue;
		switch (lookup_in(&o, name, st->hash[i], &st->slots[i])) {
		case 1:
		case -1:
			st->closed[i] = true;
			break;
		default:
			open = true;
		}
	}
	return !open;
}

/**
 * afs_next_resolve() - dlsym(RTLD_NEXT, name) for many names at once
 * @names: the names, each ended by a NUL, one after the other
 * @slots: where the addresses go, one per name, NULL on entry
 * @n: how many names (at most 128; more are left to the caller)
 *
 * Called from the constructor (dl_iterate_phdr() takes the loader's lock,
 * as dlsym() does).  A slot left NULL is one this lookup cannot answer
 * exactly (above), or a name nothing after us defines: the caller asks
 * dlsym() for those.
 */
void afs_next_resolve(const char *names, void **slots, unsigned int n)
{
	struct resolve_state st = {
		.self = (ElfW(Addr))&afs_next_resolve,
		.vdso = getauxval(AT_SYSINFO_EHDR),
		.names = names,
		.slots = slots,
		.n = n < NEXT_NAMES_MAX ? n : NEXT_NAMES_MAX,
	};
	const char *name = names;

	/* with it, a weak definition gives way to a later strong one */
	if (getenv("LD_DYNAMIC_WEAK"))
		return;
	for (unsigned int i = 0; i < st.n; i++, name += strlen(name) + 1)
		st.hash[i] = gnu_hash(name);
	dl_iterate_phdr(resolve_in_object, &st);
}
