/*
 * The one-file executable's launcher (Linux): unpack once, start fast ever after.
 *
 * A PyInstaller one-file writes its whole bundle to a new temporary folder at every
 * launch, which costs more than GNOME Four-in-a-row's whole start.  This launcher
 * carries PyInstaller's one-folder build instead, packed after its own code (see
 * unpack_once.py, which writes that pack, for the format), and unpacks it once into the
 * player's cache folder:
 *
 *     $XDG_CACHE_HOME/connect4/<version>-<hash of the pack>/   (else ~/.cache/connect4)
 *
 * Every later launch checks that each file of the pack is there with its size (and
 * its executable bit) and starts the folder's program in its place (exec: same
 * process, arguments and exit status).  A folder that is missing or damaged is
 * unpacked again, beside it, and swapped in whole (an atomic exchange where the
 * system has one), so a launch never runs half a folder; launches at once each unpack
 * their own and the later ones use the first one's.  An unpacked folder is on the
 * disk before it is renamed into place.  When the cache folder cannot be written (or
 * its program cannot start there, on a cache mounted noexec), the launcher unpacks
 * into a temporary folder, runs the game from there (passing on the signals that would
 * end it) and removes it afterwards, as PyInstaller's one-file does.  Each launch touches the folder it runs: the game removes the folders of
 * builds not launched for a month (game/unpacked.py), the older versions after an
 * update.
 *
 * Each file is stored as raw DEFLATE (RFC 1951) with its CRC-32; the inflater below
 * is this file's own, so the launcher needs nothing but the C library.  The files are
 * unpacked on up to four threads (one a processor), the largest first.  The index and
 * the trailer, which later launches trust without unpacking, have a CRC-32 of their
 * own, and each path must lie inside a folder entry before it (never under a link).
 * A damaged download fails with a message that says so, before anything runs.  The
 * messages are in English: the launcher runs before the game and its translations.
 *
 * Build: cc -O2 -pthread -o launcher unpack_once.c  (build.py does it).
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <limits.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAGIC "C4PACK01"
#define TRAILER_SIZE 64
#define NAME_SIZE 32
#define ENTRY_HEAD 40
#define KIND_DIR 'D'
#define KIND_FILE 'F'
#define KIND_LINK 'L'
#define FLAG_EXECUTABLE 1
#define FLAG_PROGRAM 2
#define METHOD_STORED 0
#define METHOD_DEFLATE 1

/* -- messages ------------------------------------------------------------------- */

static void fail(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("connect4: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    _exit(70); /* not exit: an unpacking thread may fail while another does too */
}

/* -- CRC-32 (the one zlib and PNG use, reflected 0xEDB88320) ---------------------- */

/* Eight tables: the bytes are taken eight at a time ("slicing by 8"). */
static uint32_t crc_table[8][256];

static void crc_init(void) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[0][n] = c;
    }
    for (uint32_t n = 0; n < 256; n++)
        for (int t = 1; t < 8; t++)
            crc_table[t][n] = crc_table[0][crc_table[t - 1][n] & 0xFF] ^ (crc_table[t - 1][n] >> 8);
}

/* The CRC-32 of what came before (0 at first) continued over data, as zlib's crc32. */
static uint32_t crc32_more(uint32_t crc, const uint8_t *data, size_t size) {
    uint32_t c = crc ^ 0xFFFFFFFFu;
    for (; size >= 8; data += 8, size -= 8) {
        uint32_t low = c ^ ((uint32_t)data[0] | (uint32_t)data[1] << 8 | (uint32_t)data[2] << 16 |
                            (uint32_t)data[3] << 24);
        c = crc_table[7][low & 0xFF] ^ crc_table[6][(low >> 8) & 0xFF] ^
            crc_table[5][(low >> 16) & 0xFF] ^ crc_table[4][low >> 24] ^ crc_table[3][data[4]] ^
            crc_table[2][data[5]] ^ crc_table[1][data[6]] ^ crc_table[0][data[7]];
    }
    for (size_t i = 0; i < size; i++) c = crc_table[0][(c ^ data[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

static uint32_t crc32_of(const uint8_t *data, size_t size) { return crc32_more(0, data, size); }

/* -- inflate (RFC 1951) ----------------------------------------------------------- */

#define MAX_BITS 15

typedef struct {
    const uint8_t *in;
    size_t in_size, in_pos;
    uint64_t bits; /* unread bits, lowest first */
    int bit_count;
    uint8_t *out;
    size_t out_size, out_pos;
} Inflater;

#define FAST_BITS 11

/* The bit reader and the decoder inlined into the inner loop, where its state then lives
 * in registers (GCC and Clang). */
#define INLINE static inline __attribute__((always_inline))

/* A canonical Huffman code: how many codes of each length, and the symbols in code
 * order.  Codes up to FAST_BITS long are found in one look in ``fast`` (indexed by the
 * next FAST_BITS input bits: the code's length times 4096 plus its symbol, 0 if longer);
 * longer ones by walking the lengths, one bit at a time, from the shortest. */
typedef struct {
    uint16_t count[MAX_BITS + 1];
    uint16_t symbol[288];
    uint16_t fast[1 << FAST_BITS];
} Huffman;

/* At least n bits in the buffer (as many as fit, to read less often): 0, or -1 when
 * the input ran out first. */
INLINE int need_bits(Inflater *s, int n) {
    if (s->bit_count >= n) return 0;
    if (s->in_size - s->in_pos >= 8) { /* whole bytes, from one 8-byte read */
        uint64_t word;
        memcpy(&word, s->in + s->in_pos, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        word = __builtin_bswap64(word);
#endif
        int bytes = (63 - s->bit_count) >> 3;
        int filled = s->bit_count + 8 * bytes; /* at most 63 */
        s->bits |= (word << s->bit_count) & (((uint64_t)1 << filled) - 1);
        s->bit_count = filled;
        s->in_pos += (size_t)bytes;
        return 0;
    }
    while (s->bit_count <= 56) {
        if (s->in_pos >= s->in_size) return s->bit_count >= n ? 0 : -1;
        s->bits |= (uint64_t)s->in[s->in_pos++] << s->bit_count;
        s->bit_count += 8;
    }
    return 0;
}

INLINE int take_bits(Inflater *s, int n, unsigned *value) {
    if (n == 0) {
        *value = 0;
        return 0;
    }
    if (need_bits(s, n) != 0) return -1;
    *value = (unsigned)(s->bits & ((1u << n) - 1));
    s->bits >>= n;
    s->bit_count -= n;
    return 0;
}

/* Returns 0 for a complete or incomplete code, -1 for an over-subscribed one. */
static int build_code(Huffman *h, const uint8_t *lengths, int n) {
    uint16_t offsets[MAX_BITS + 2];
    memset(h->count, 0, sizeof h->count);
    for (int i = 0; i < n; i++) h->count[lengths[i]]++;
    h->count[0] = 0;
    int left = 1;
    for (int len = 1; len <= MAX_BITS; len++) {
        left = (left << 1) - h->count[len];
        if (left < 0) return -1;
    }
    offsets[1] = 0;
    for (int len = 1; len <= MAX_BITS; len++) offsets[len + 1] = offsets[len] + h->count[len];
    for (int i = 0; i < n; i++)
        if (lengths[i] != 0) h->symbol[offsets[lengths[i]]++] = (uint16_t)i;
    /* The short codes' table.  The input holds each code's bits first bit lowest, so a
     * code's slots are its bits reversed plus every value of the bits after it. */
    unsigned next_code[MAX_BITS + 1];
    unsigned code = 0;
    for (int len = 1; len <= MAX_BITS; len++) {
        code = (code + h->count[len - 1]) << 1;
        next_code[len] = code;
    }
    memset(h->fast, 0, sizeof h->fast);
    for (int i = 0; i < n; i++) {
        int len = lengths[i];
        if (len == 0) continue;
        unsigned value = next_code[len]++;
        if (len > FAST_BITS) continue;
        unsigned reversed = 0;
        for (int b = 0; b < len; b++) reversed |= ((value >> b) & 1u) << (len - 1 - b);
        for (unsigned slot = reversed; slot < (1u << FAST_BITS); slot += 1u << len)
            h->fast[slot] = (uint16_t)(len << 12 | i);
    }
    return 0;
}

/* The next symbol of code h, or -1 (input ran out, or no such code). */
INLINE int decode(Inflater *s, const Huffman *h) {
    if (s->bit_count < FAST_BITS) need_bits(s, FAST_BITS); /* short near the end: fine */
    unsigned found = h->fast[s->bits & ((1u << FAST_BITS) - 1)];
    int found_length = (int)(found >> 12);
    if (found_length != 0 && found_length <= s->bit_count) {
        s->bits >>= found_length;
        s->bit_count -= found_length;
        return (int)(found & 0xFFF);
    }
    int code = 0, first = 0, index = 0;
    for (int len = 1; len <= MAX_BITS; len++) {
        if (s->bit_count == 0 && need_bits(s, 1) != 0) return -1;
        code |= (int)(s->bits & 1);
        s->bits >>= 1;
        s->bit_count--;
        int count = h->count[len];
        if (code - first < count) return h->symbol[index + code - first];
        index += count;
        first = (first + count) << 1;
        code <<= 1;
    }
    return -1;
}

static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,
                                         15, 17, 19, 23, 27, 31, 35, 43, 51,  59,
                                         67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distance_base[30] = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                           6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/* One block's literals and copies, up to its end-of-block symbol. */
static int inflate_codes(Inflater *state, const Huffman *lengths, const Huffman *distances) {
    /* On a copy of the state, written back at the end: the output's bytes could alias
     * the state's fields, which would otherwise be reloaded after every byte written. */
    Inflater local = *state;
    Inflater *s = &local;
    int status = -1;
    for (;;) {
        int symbol = decode(s, lengths);
        if (symbol < 0) break;
        if (symbol < 256) {
            if (s->out_pos >= s->out_size) break;
            s->out[s->out_pos++] = (uint8_t)symbol;
        } else if (symbol == 256) {
            status = 0;
            break;
        } else {
            symbol -= 257;
            if (symbol >= 29) break;
            unsigned extra;
            if (take_bits(s, length_extra[symbol], &extra) != 0) break;
            size_t length = length_base[symbol] + extra;
            int d = decode(s, distances);
            if (d < 0 || d >= 30) break;
            if (take_bits(s, distance_extra[d], &extra) != 0) break;
            size_t distance = distance_base[d] + extra;
            if (distance > s->out_pos || length > s->out_size - s->out_pos) break;
            uint8_t *to = s->out + s->out_pos;
            const uint8_t *from = to - distance;
            if (distance >= length)
                memcpy(to, from, length);
            else /* the copy overlaps what it writes: byte by byte */
                for (size_t i = 0; i < length; i++) to[i] = from[i];
            s->out_pos += length;
        }
    }
    *state = local;
    return status;
}

static int inflate_stored(Inflater *s) {
    s->bits >>= s->bit_count & 7; /* to the next byte boundary */
    s->bit_count -= s->bit_count & 7;
    unsigned length, inverse;
    if (take_bits(s, 16, &length) != 0 || take_bits(s, 16, &inverse) != 0) return -1;
    if (length != (~inverse & 0xFFFFu)) return -1;
    /* Whole bytes still in the bit buffer come first. */
    while (length > 0 && s->bit_count >= 8) {
        if (s->out_pos >= s->out_size) return -1;
        s->out[s->out_pos++] = (uint8_t)(s->bits & 0xFF);
        s->bits >>= 8;
        s->bit_count -= 8;
        length--;
    }
    if (length > s->in_size - s->in_pos || length > s->out_size - s->out_pos) return -1;
    memcpy(s->out + s->out_pos, s->in + s->in_pos, length);
    s->in_pos += length;
    s->out_pos += length;
    return 0;
}

static int inflate_fixed(Inflater *s) {
    static Huffman lengths, distances;
    static int built = 0;
    if (!built) {
        uint8_t sizes[288];
        int i = 0;
        for (; i < 144; i++) sizes[i] = 8;
        for (; i < 256; i++) sizes[i] = 9;
        for (; i < 280; i++) sizes[i] = 7;
        for (; i < 288; i++) sizes[i] = 8;
        build_code(&lengths, sizes, 288);
        for (i = 0; i < 30; i++) sizes[i] = 5;
        build_code(&distances, sizes, 30);
        built = 1;
    }
    return inflate_codes(s, &lengths, &distances);
}

static int inflate_dynamic(Inflater *s) {
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5,
                                      11, 4,  12, 3, 13, 2, 14, 1, 15};
    unsigned literal_count, distance_count, code_count;
    if (take_bits(s, 5, &literal_count) != 0 || take_bits(s, 5, &distance_count) != 0 ||
        take_bits(s, 4, &code_count) != 0)
        return -1;
    literal_count += 257;
    distance_count += 1;
    code_count += 4;
    if (literal_count > 286 || distance_count > 30) return -1;
    uint8_t sizes[286 + 30];
    memset(sizes, 0, 19);
    for (unsigned i = 0; i < code_count; i++) {
        unsigned size;
        if (take_bits(s, 3, &size) != 0) return -1;
        sizes[order[i]] = (uint8_t)size;
    }
    Huffman code_lengths, lengths, distances;
    if (build_code(&code_lengths, sizes, 19) != 0) return -1;
    unsigned total = literal_count + distance_count;
    for (unsigned i = 0; i < total;) {
        int symbol = decode(s, &code_lengths);
        if (symbol < 0) return -1;
        if (symbol < 16) {
            sizes[i++] = (uint8_t)symbol;
            continue;
        }
        unsigned repeat;
        uint8_t value = 0;
        if (symbol == 16) {
            if (i == 0 || take_bits(s, 2, &repeat) != 0) return -1;
            value = sizes[i - 1];
            repeat += 3;
        } else if (symbol == 17) {
            if (take_bits(s, 3, &repeat) != 0) return -1;
            repeat += 3;
        } else {
            if (take_bits(s, 7, &repeat) != 0) return -1;
            repeat += 11;
        }
        if (i + repeat > total) return -1;
        while (repeat-- > 0) sizes[i++] = value;
    }
    if (sizes[256] == 0) return -1; /* no end-of-block code */
    if (build_code(&lengths, sizes, (int)literal_count) != 0 ||
        build_code(&distances, sizes + literal_count, (int)distance_count) != 0)
        return -1;
    return inflate_codes(s, &lengths, &distances);
}

/* Inflate raw DEFLATE data into exactly out_size bytes; 0 on success. */
static int inflate_all(const uint8_t *in, size_t in_size, uint8_t *out, size_t out_size) {
    Inflater s = {in, in_size, 0, 0, 0, out, out_size, 0};
    unsigned last = 0;
    while (!last) {
        unsigned type;
        if (take_bits(&s, 1, &last) != 0 || take_bits(&s, 2, &type) != 0) return -1;
        int status = type == 0   ? inflate_stored(&s)
                     : type == 1 ? inflate_fixed(&s)
                     : type == 2 ? inflate_dynamic(&s)
                                 : -1;
        if (status != 0) return -1;
    }
    return s.out_pos == out_size ? 0 : -1;
}

/* -- the pack ------------------------------------------------------------------- */

typedef struct {
    char kind;
    uint8_t flags, method;
    uint32_t crc;
    uint64_t offset, packed_size, size;
    char *path; /* relative, '/'-separated, checked to stay inside the folder */
} Entry;

typedef struct {
    int fd;
    char name[NAME_SIZE + 1];
    Entry *entries;
    uint32_t count;
    const char *program; /* the entry flagged as the program to run */
} Pack;

static uint64_t read_u64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static uint32_t read_u32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int read_at(int fd, void *buffer, size_t size, uint64_t offset) {
    uint8_t *to = buffer;
    while (size > 0) {
        ssize_t got = pread(fd, to, size, (off_t)offset);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return -1;
        to += got;
        size -= (size_t)got;
        offset += (uint64_t)got;
    }
    return 0;
}

/* A path the pack may name: relative, no empty, "." or ".." parts. */
static int safe_path(const char *path) {
    if (path[0] == '\0' || path[0] == '/') return 0;
    const char *part = path;
    for (;;) {
        const char *end = strchr(part, '/');
        size_t length = end ? (size_t)(end - part) : strlen(part);
        if (length == 0 || (length == 1 && part[0] == '.') ||
            (length == 2 && part[0] == '.' && part[1] == '.'))
            return 0;
        if (!end) return 1;
        part = end + 1;
    }
}

static void damaged_index(const char *self, const char *what) {
    fail("%s is damaged (%s); download it again", self, what);
}

/* The largest size raw DEFLATE data can unpack to: 258 bytes from each copy of at
 * least 2 bits (about 1032 times), with room for a tiny stream's own bits. */
static uint64_t most_unpacked(uint64_t packed_size) { return packed_size * 1032 + 1024; }

static void open_pack(Pack *pack, const char *self) {
    pack->fd = open(self, O_RDONLY | O_CLOEXEC);
    if (pack->fd < 0) fail("cannot read %s: %s", self, strerror(errno));
    struct stat info;
    if (fstat(pack->fd, &info) != 0) fail("cannot read %s: %s", self, strerror(errno));
    uint64_t file_size = (uint64_t)info.st_size;
    uint8_t trailer[TRAILER_SIZE];
    if (file_size < TRAILER_SIZE ||
        read_at(pack->fd, trailer, TRAILER_SIZE, file_size - TRAILER_SIZE) != 0 ||
        memcmp(trailer, MAGIC, 8) != 0)
        fail("%s carries no game: the download is incomplete or damaged; download it again", self);
    uint64_t index_offset = read_u64(trailer + 8), index_size = read_u64(trailer + 16);
    pack->count = read_u32(trailer + 24);
    uint32_t index_crc = read_u32(trailer + 28);
    memcpy(pack->name, trailer + 32, NAME_SIZE);
    pack->name[NAME_SIZE] = '\0';
    if (index_offset > file_size - TRAILER_SIZE ||
        index_size != file_size - TRAILER_SIZE - index_offset ||
        (uint64_t)pack->count * ENTRY_HEAD > index_size)
        damaged_index(self, "its index");
    uint8_t *index = malloc(index_size + 1);
    pack->entries = calloc(pack->count ? pack->count : 1, sizeof(Entry));
    if (!index || !pack->entries) fail("out of memory");
    if (read_at(pack->fd, index, index_size, index_offset) != 0)
        fail("cannot read %s: %s", self, strerror(errno));
    /* The index and the trailer (but its own CRC) are what every later launch trusts
     * without unpacking: a CRC over both, so that no damage there can go unseen. */
    uint32_t crc = crc32_more(crc32_more(0, index, index_size), trailer, 28);
    if (crc32_more(crc, trailer + 32, TRAILER_SIZE - 32) != index_crc)
        damaged_index(self, "its index");
    if (!safe_path(pack->name) || strchr(pack->name, '/') != NULL)
        damaged_index(self, "its name");
    size_t at = 0;
    pack->program = NULL;
    for (uint32_t i = 0; i < pack->count; i++) {
        Entry *e = &pack->entries[i];
        if (index_size - at < ENTRY_HEAD) damaged_index(self, "its index");
        const uint8_t *p = index + at;
        e->kind = (char)p[0];
        e->flags = p[1];
        e->method = p[2];
        size_t path_size = (size_t)p[4] | (size_t)p[5] << 8;
        e->crc = read_u32(p + 8);
        e->offset = read_u64(p + 16);
        e->packed_size = read_u64(p + 24);
        e->size = read_u64(p + 32);
        at += ENTRY_HEAD;
        if (index_size - at < path_size) damaged_index(self, "its index");
        e->path = malloc(path_size + 1);
        if (!e->path) fail("out of memory");
        memcpy(e->path, index + at, path_size);
        e->path[path_size] = '\0';
        at += path_size;
        int known = e->kind == KIND_DIR || e->kind == KIND_FILE || e->kind == KIND_LINK;
        int sized = e->method == METHOD_STORED    ? e->packed_size == e->size
                    : e->method == METHOD_DEFLATE ? e->size <= most_unpacked(e->packed_size)
                                                  : 0;
        if (!known || !sized || strlen(e->path) != path_size || !safe_path(e->path) ||
            e->offset > index_offset || e->packed_size > index_offset - e->offset ||
            (e->kind == KIND_DIR && e->size != 0))
            damaged_index(self, "an entry");
        /* Every path once, inside a folder entry that comes before it (never under a
         * link, which could lead out of the game's folder). */
        char *slash = strrchr(e->path, '/');
        int parent_found = slash == NULL;
        for (uint32_t j = 0; j < i; j++) {
            const Entry *before = &pack->entries[j];
            if (strcmp(before->path, e->path) == 0) damaged_index(self, "a path twice");
            if (!parent_found && before->kind == KIND_DIR &&
                strlen(before->path) == (size_t)(slash - e->path) &&
                strncmp(before->path, e->path, (size_t)(slash - e->path)) == 0)
                parent_found = 1;
        }
        if (!parent_found) damaged_index(self, "an entry outside its folders");
        if (e->flags & FLAG_PROGRAM) {
            if (pack->program != NULL || e->kind != KIND_FILE || !(e->flags & FLAG_EXECUTABLE))
                damaged_index(self, "its program");
            pack->program = e->path;
        }
    }
    if (at != index_size) damaged_index(self, "its index");
    free(index);
    if (pack->program == NULL) damaged_index(self, "no program to run");
}

/* -- folders -------------------------------------------------------------------- */

static char *join(const char *a, const char *b) {
    size_t size = strlen(a) + 1 + strlen(b) + 1;
    char *path = malloc(size);
    if (!path) fail("out of memory");
    snprintf(path, size, "%s/%s", a, b);
    return path;
}

/* mkdir -p, each folder it makes private to the player (the XDG rules' cache mode);
 * 0 or -1 with errno set. */
static int make_folders(const char *path) {
    char *copy = strdup(path);
    if (!copy) fail("out of memory");
    for (char *p = copy + 1; *p; p++) {
        if (*p != '/') continue;
        *p = '\0';
        if (mkdir(copy, 0700) != 0 && errno != EEXIST) {
            free(copy);
            return -1;
        }
        *p = '/';
    }
    int status = mkdir(copy, 0700) != 0 && errno != EEXIST ? -1 : 0;
    free(copy);
    return status;
}

static int remove_one(const char *path, const struct stat *info, int type, struct FTW *walk) {
    (void)info;
    (void)walk;
    if (type == FTW_DP) return rmdir(path) != 0 && errno != ENOENT ? -1 : 0;
    return unlink(path) != 0 && errno != ENOENT ? -1 : 0;
}

static void remove_tree(const char *path) {
    nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Every entry of the pack is in the folder as its kind, files with their sizes and,
 * for the executable ones, the bit that lets them run. */
static int folder_holds(const char *folder, const Pack *pack) {
    struct stat info;
    for (uint32_t i = 0; i < pack->count; i++) {
        const Entry *e = &pack->entries[i];
        char *path = join(folder, e->path);
        int ok = lstat(path, &info) == 0;
        if (ok && e->kind == KIND_FILE)
            ok = S_ISREG(info.st_mode) && (uint64_t)info.st_size == e->size &&
                 (!(e->flags & FLAG_EXECUTABLE) || (info.st_mode & S_IXUSR));
        if (ok && e->kind == KIND_DIR) ok = S_ISDIR(info.st_mode);
        if (ok && e->kind == KIND_LINK) ok = S_ISLNK(info.st_mode);
        free(path);
        if (!ok) return 0;
    }
    return 1;
}

static int write_all(int fd, const uint8_t *data, size_t size) {
    while (size > 0) {
        ssize_t put = write(fd, data, size);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return -1;
        data += put;
        size -= (size_t)put;
    }
    return 0;
}

#define DAMAGED (-2)
#define MOST_THREADS 4
static const char *damaged_path; /* what did not unpack, when unpack says DAMAGED */

/* Unpack entry e (a file or a link; its folder exists) under folder.  Returns 0; -1
 * with errno set when it cannot be written; DAMAGED when its data does not unpack to
 * its size and CRC. */
static int unpack_one(const Pack *pack, const Entry *e, const char *folder, const char *self) {
    uint8_t *packed = malloc(e->packed_size ? e->packed_size : 1);
    uint8_t *data = malloc(e->size ? e->size : 1);
    if (!packed || !data) fail("out of memory");
    if (read_at(pack->fd, packed, e->packed_size, e->offset) != 0)
        fail("cannot read %s: %s", self, strerror(errno));
    int damaged;
    if (e->method == METHOD_STORED) { /* open_pack saw that both sizes agree */
        memcpy(data, packed, e->size);
        damaged = 0;
    } else {
        damaged = inflate_all(packed, e->packed_size, data, e->size) != 0;
    }
    free(packed);
    if (damaged || crc32_of(data, e->size) != e->crc) {
        free(data);
        return DAMAGED;
    }
    char *path = join(folder, e->path);
    int status;
    if (e->kind == KIND_LINK) {
        char *target = malloc(e->size + 1);
        if (!target) fail("out of memory");
        memcpy(target, data, e->size);
        target[e->size] = '\0';
        status = symlink(target, path);
        free(target);
    } else {
        mode_t mode = (e->flags & FLAG_EXECUTABLE) ? 0755 : 0644;
        int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        status = fd < 0 ? -1 : write_all(fd, data, e->size);
        if (fd >= 0 && close(fd) != 0) status = -1;
    }
    int error = errno;
    free(data);
    free(path);
    errno = error;
    return status != 0 ? -1 : 0;
}

/* The files and links, shared out among threads: each takes the next one not taken,
 * the largest first (so that no thread is left with a large one at the end); the first
 * failure stops them all. */
typedef struct {
    const Pack *pack;
    const char *folder, *self;
    const uint32_t *order; /* indices of the files and links, largest first */
    uint32_t count;
    atomic_uint next;
    atomic_int status; /* 0, or the first failure's unpack_one status */
    int error;         /* errno of that failure */
    const char *damaged;
} Work;

static void *unpack_some(void *argument) {
    Work *work = argument;
    for (;;) {
        unsigned taken = atomic_fetch_add(&work->next, 1);
        if (taken >= work->count || atomic_load(&work->status) != 0) return NULL;
        const Entry *e = &work->pack->entries[work->order[taken]];
        int status = unpack_one(work->pack, e, work->folder, work->self);
        int none = 0;
        if (status != 0 && atomic_compare_exchange_strong(&work->status, &none, status)) {
            work->error = errno;
            work->damaged = e->path;
        }
    }
}

static const Pack *sorting; /* the pack whose entries by_size compares (qsort has no context) */

static int by_size(const void *a, const void *b) {
    uint64_t x = sorting->entries[*(const uint32_t *)a].size;
    uint64_t y = sorting->entries[*(const uint32_t *)b].size;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* How many threads unpack: one a processor, up to MOST_THREADS. */
static int thread_count(void) {
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    return processors < 1 ? 1 : processors > MOST_THREADS ? MOST_THREADS : (int)processors;
}

/* Unpack every entry into folder (an empty folder; open_pack saw to it that each
 * entry's folder comes before it): the folders first, then the files and links on a
 * few threads.  Then wait until it is all on the disk: a folder renamed into place
 * must never turn out empty after a crash.  Returns 0; -1 with errno set when the
 * folder cannot be written; DAMAGED when an entry's data does not unpack to its size
 * and CRC (damaged_path says which; the caller removes the folder and says so). */
static int unpack(const Pack *pack, const char *folder, const char *self) {
    uint32_t *order = malloc(sizeof *order * (pack->count ? pack->count : 1));
    if (!order) fail("out of memory");
    Work work = {.pack = pack, .folder = folder, .self = self, .order = order};
    for (uint32_t i = 0; i < pack->count; i++) {
        const Entry *e = &pack->entries[i];
        if (e->kind != KIND_DIR) {
            order[work.count++] = i;
            continue;
        }
        char *path = join(folder, e->path);
        int made = mkdir(path, 0755);
        free(path);
        if (made != 0) {
            free(order);
            return -1;
        }
    }
    sorting = pack;
    qsort(order, work.count, sizeof *order, by_size);
    atomic_init(&work.next, 0);
    atomic_init(&work.status, 0);
    pthread_t threads[MOST_THREADS];
    int started = 0;
    for (int wanted = thread_count() - 1; started < wanted; started++)
        if (pthread_create(&threads[started], NULL, unpack_some, &work) != 0) break;
    unpack_some(&work); /* this thread too; fewer helpers if some could not start */
    for (int i = 0; i < started; i++) pthread_join(threads[i], NULL);
    free(order);
    int status = atomic_load(&work.status);
    if (status == DAMAGED) damaged_path = work.damaged;
    if (status != 0) {
        errno = work.error;
        return status;
    }
    int fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        syncfs(fd);
        close(fd);
    }
    return 0;
}

static void fail_damaged(const char *self) {
    fail("%s is damaged (%s does not unpack); download it again", self, damaged_path);
}

/* The folder that keeps the unpacked game: $XDG_CACHE_HOME/connect4 (an absolute
 * XDG_CACHE_HOME only, as the XDG rules say), else ~/.cache/connect4; NULL if there
 * is no home to keep it in. */
static char *cache_folder(void) {
    const char *xdg = getenv("XDG_CACHE_HOME");
    if (xdg && xdg[0] == '/') return join(xdg, "connect4");
    const char *home = getenv("HOME");
    if (!home || home[0] != '/') {
        struct passwd *user = getpwuid(getuid());
        home = user ? user->pw_dir : NULL;
    }
    if (!home || home[0] != '/') return NULL;
    char *cache = join(home, ".cache");
    char *folder = join(cache, "connect4");
    free(cache);
    return folder;
}

/* -- running -------------------------------------------------------------------- */

/* Become the game in folder; returns only when its program cannot start (errno). */
static void run_in_place(const char *folder, const Pack *pack, char **argv) {
    char *program = join(folder, pack->program);
    setenv("CONNECT4_UNPACKED", folder, 1);
    execv(program, argv);
    int error = errno;
    unsetenv("CONNECT4_UNPACKED");
    free(program);
    errno = error;
}

/* A new empty folder in base named .<name>.<what>-XXXXXX (mkdtemp: never another
 * launch's, whatever its pid), or NULL with errno set. */
static char *new_folder(const char *base, const char *name, const char *what) {
    char leaf[NAME_SIZE + 32];
    snprintf(leaf, sizeof leaf, ".%s.%s-XXXXXX", name, what);
    char *path = join(base, leaf);
    if (mkdtemp(path) != NULL) return path;
    free(path);
    return NULL;
}

/* Put the unpacked part in the place of folder, which is damaged (or was just made by
 * another launch).  Returns 0, or -1 with errno set; part is gone either way. */
static int swap_in(char *part, const char *folder, const char *base, const Pack *pack) {
    if (folder_holds(folder, pack)) { /* another launch unpacked it meanwhile */
        remove_tree(part);
        return 0;
    }
#ifdef RENAME_EXCHANGE
    /* In one step, so that no launch finds the folder missing; part then holds the
     * damaged one. */
    if (renameat2(AT_FDCWD, part, AT_FDCWD, folder, RENAME_EXCHANGE) == 0) {
        remove_tree(part);
        return 0;
    }
#endif
    char *old = new_folder(base, pack->name, "old");
    if (old != NULL && rename(folder, old) == 0 && rename(part, folder) == 0) {
        remove_tree(old);
        return 0;
    }
    int error = errno;
    remove_tree(part);
    if (old != NULL) remove_tree(old);
    if (folder_holds(folder, pack)) return 0;
    errno = error;
    return -1;
}

/* The kept folder, ready to run, or NULL if it cannot be kept (errno says why). */
static char *kept_folder(const Pack *pack, const char *self) {
    char *base = cache_folder();
    if (base == NULL) {
        errno = ENOENT;
        return NULL;
    }
    char *folder = join(base, pack->name);
    if (folder_holds(folder, pack)) return folder;
    if (make_folders(base) != 0) return NULL;
    char *part = new_folder(base, pack->name, "part");
    if (part == NULL) return NULL;
    int status = unpack(pack, part, self);
    if (status != 0) {
        int error = errno;
        remove_tree(part);
        if (status == DAMAGED) fail_damaged(self);
        errno = error;
        return NULL;
    }
    if (rename(part, folder) == 0 || swap_in(part, folder, base, pack) == 0) return folder;
    return NULL;
}

static volatile pid_t game_child = 0;

static void forward_signal(int number) {
    if (game_child > 0) kill(game_child, number);
}

/* Unpack into a temporary folder, run the game from it, remove it; never returns.
 * The signals that would end this launcher go to the game instead, which closes as
 * it does for them, and the folder is removed after it. */
static void run_from_temporary(const Pack *pack, char **argv, const char *self, const char *why) {
    /* TMPDIR if it works, else /tmp. */
    const char *tmp = getenv("TMPDIR");
    const char *places[] = {tmp && tmp[0] == '/' ? tmp : NULL, "/tmp"};
    char *pattern = NULL;
    int error = 0;
    for (size_t i = 0; i < 2 && pattern == NULL; i++) {
        if (places[i] == NULL) continue;
        pattern = join(places[i], "connect4-XXXXXX");
        if (mkdtemp(pattern) == NULL) {
            error = errno;
            free(pattern);
            pattern = NULL;
        }
    }
    if (pattern == NULL)
        fail("cannot keep the game unpacked (%s), nor unpack it into a temporary folder: %s", why,
             strerror(error));
    char *folder = join(pattern, "game");
    int status = mkdir(folder, 0700) != 0 ? -1 : unpack(pack, folder, self);
    if (status != 0) {
        error = errno;
        remove_tree(pattern);
        if (status == DAMAGED) fail_damaged(self);
        fail("cannot keep the game unpacked (%s), nor unpack it into %s: %s", why, pattern,
             strerror(error));
    }
    fprintf(stderr, "connect4: cannot keep the game unpacked (%s); it runs from %s\n", why,
            pattern);
    struct sigaction forward;
    memset(&forward, 0, sizeof forward);
    forward.sa_handler = forward_signal;
    sigemptyset(&forward.sa_mask);
    const int ending[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    for (size_t i = 0; i < sizeof ending / sizeof ending[0]; i++) sigaction(ending[i], &forward, NULL);
    pid_t child = fork();
    if (child < 0) {
        remove_tree(pattern);
        fail("cannot start the game: %s", strerror(errno));
    }
    if (child == 0) { /* exec: the game's own handlers */
        run_in_place(folder, pack, argv);
        fail("cannot start the game from %s either: %s", folder, strerror(errno));
    }
    game_child = child;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    remove_tree(pattern);
    exit(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
}

int main(int argc, char **argv) {
    (void)argc;
    crc_init();
    char self[PATH_MAX];
    ssize_t size = readlink("/proc/self/exe", self, sizeof self - 1);
    if (size <= 0) fail("cannot find its own file: %s", strerror(errno));
    self[size] = '\0';
    Pack pack;
    open_pack(&pack, self);
    char why[2 * PATH_MAX + 128];
    char *folder = kept_folder(&pack, self);
    if (folder != NULL) {
        /* When it was last launched: the game removes builds unused for long
         * (game/unpacked.py), the older versions after an update. */
        utimensat(AT_FDCWD, folder, NULL, 0);
        run_in_place(folder, &pack, argv);
        /* Kept, but it cannot start there (a cache on a noexec mount, say). */
        snprintf(why, sizeof why, "it cannot start from %s: %s", folder, strerror(errno));
    } else {
        char *base = cache_folder();
        snprintf(why, sizeof why, "%s: %s", base ? base : "a cache folder (no HOME)",
                 strerror(errno));
    }
    run_from_temporary(&pack, argv, self, why);
    return 70;
}
