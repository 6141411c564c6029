# shellcheck shell=sh
# Finds a JDK 25 or newer and exports JAVA_HOME to it.
#
# POSIX sh fragment, meant to be sourced (by ./mvnw, ./rda and .ci/run):
#     . "$root/.mvn/find-jdk25.sh" || exit 1
# Works under `set -euf` (it turns globbing back on only while it searches).
#
# 1. A JAVA_HOME that already points to a JDK 25+ (bin/java and bin/javac) is kept.
# 2. Otherwise each root in RDA_JDK_SEARCH_PATH (colon-separated; default:
#    /usr/lib/jvm:/opt/java:$HOME/.sdkman/candidates/java:/Library/Java/JavaVirtualMachines)
#    is searched for ROOT/* and ROOT/*/Contents/Home holding bin/java and
#    bin/javac; the highest version >= 25 wins.
# 3. If none is found, a message goes to stderr and the status is 1.
#
# The version is read from the JDK's `release` file (JAVA_VERSION="..."),
# falling back to `java -XshowSettings:properties -version`.

RDA_MIN_JAVA_FEATURE=25

# Sets _rda_key to a sortable number (feature*1000000 + interim*1000 + update)
# for a version string such as 25, 25.0.3, 25-ea, 1.8.0_402; status 1 if
# unparsable. Shell built-ins only: every ./rda and ./mvnw start runs this
# once per JDK found, and a fork per step cost ~50 ms in all.
_rda_version_key() {
    _rda_v=$1
    _rda_v=${_rda_v%%[!0-9.]*}          # drop -ea, +build, _update and the like
    case $_rda_v in
        1.*) _rda_v=${_rda_v#1.} ;;     # old scheme: 1.8.0 is Java 8
    esac
    _rda_f=${_rda_v%%.*}
    _rda_rest=${_rda_v#"$_rda_f"}; _rda_rest=${_rda_rest#.}
    _rda_i=${_rda_rest%%.*}
    _rda_rest=${_rda_rest#"$_rda_i"}; _rda_rest=${_rda_rest#.}
    _rda_u=${_rda_rest%%.*}
    case $_rda_f in ''|*[!0-9]*) return 1 ;; esac
    case $_rda_i in ''|*[!0-9]*) _rda_i=0 ;; esac
    case $_rda_u in ''|*[!0-9]*) _rda_u=0 ;; esac
    # strip leading zeros so $(( )) does not read them as octal
    _rda_f=${_rda_f#"${_rda_f%%[!0]*}"}; _rda_i=${_rda_i#"${_rda_i%%[!0]*}"}; _rda_u=${_rda_u#"${_rda_u%%[!0]*}"}
    _rda_key=$(( ${_rda_f:-0} * 1000000 + ${_rda_i:-0} * 1000 + ${_rda_u:-0} ))
}

# Sets _rda_key to the version key of the JDK/JRE at $1; status 1 if unknown.
# The release file is read with built-ins; only a JDK without one costs a fork.
_rda_jdk_key() {
    _rda_home=$1
    [ -x "$_rda_home/bin/java" ] || return 1
    _rda_ver=
    if [ -r "$_rda_home/release" ]; then
        while IFS= read -r _rda_line || [ -n "$_rda_line" ]; do
            case $_rda_line in
                JAVA_VERSION=*)
                    _rda_ver=${_rda_line#JAVA_VERSION=}
                    _rda_ver=${_rda_ver#\"}
                    _rda_ver=${_rda_ver%%\"*}
                    break ;;
            esac
        done < "$_rda_home/release"
    fi
    if [ -z "$_rda_ver" ]; then
        _rda_props=$("$_rda_home/bin/java" -XshowSettings:properties -version 2>&1) || _rda_props=
        _rda_ver=$(printf '%s\n' "$_rda_props" | sed -n 's/^ *java\.version = *\([^ ]*\).*$/\1/p') || _rda_ver=
        if [ -z "$_rda_ver" ]; then
            _rda_ver=$(printf '%s\n' "$_rda_props" | sed -n 's/^ *java\.specification\.version = *\([^ ]*\).*$/\1/p') || _rda_ver=
        fi
    fi
    [ -n "$_rda_ver" ] || return 1
    _rda_version_key "$_rda_ver"
}

_rda_find_jdk25() {
    _rda_min_key=$(( RDA_MIN_JAVA_FEATURE * 1000000 ))
    _rda_given=${JAVA_HOME:-}

    # 1. keep a suitable JAVA_HOME
    if [ -n "$_rda_given" ]; then
        _rda_jdk_key "$_rda_given" || _rda_key=
        if [ -x "$_rda_given/bin/javac" ] && [ -n "$_rda_key" ] && [ "$_rda_key" -ge "$_rda_min_key" ]; then
            export JAVA_HOME
            return 0
        fi
    fi

    # 2. search the usual places, with globbing on even under `set -f`
    case $- in *f*) _rda_noglob=1 ;; *) _rda_noglob= ;; esac
    set +f
    _rda_roots=${RDA_JDK_SEARCH_PATH:-/usr/lib/jvm:/opt/java:${HOME:-/nonexistent}/.sdkman/candidates/java:/Library/Java/JavaVirtualMachines}
    _rda_best= _rda_best_key=0 _rda_looked=
    _rda_todo=$_rda_roots:
    while [ -n "$_rda_todo" ]; do
        _rda_root=${_rda_todo%%:*}
        _rda_todo=${_rda_todo#*:}
        [ -n "$_rda_root" ] || continue
        _rda_looked="$_rda_looked $_rda_root/* $_rda_root/*/Contents/Home"
        for _rda_cand in "$_rda_root"/* "$_rda_root"/*/Contents/Home; do
            [ -x "$_rda_cand/bin/javac" ] || continue
            _rda_jdk_key "$_rda_cand" || continue
            if [ "$_rda_key" -ge "$_rda_min_key" ] && [ "$_rda_key" -gt "$_rda_best_key" ]; then
                _rda_best=$_rda_cand _rda_best_key=$_rda_key
            fi
        done
    done
    if [ -n "$_rda_noglob" ]; then set -f; fi

    if [ -n "$_rda_best" ]; then
        if [ -n "$_rda_given" ]; then
            echo "note: JAVA_HOME=$_rda_given is not a JDK $RDA_MIN_JAVA_FEATURE+; using $_rda_best" >&2
        fi
        JAVA_HOME=$_rda_best
        export JAVA_HOME
        return 0
    fi

    # 3. nothing suitable
    {
        echo "error: RDA Suite needs a JDK $RDA_MIN_JAVA_FEATURE or newer (with javac), and none was found."
        if [ -n "$_rda_given" ]; then
            echo "  JAVA_HOME=$_rda_given is not one (needs bin/javac, and bin/java of version $RDA_MIN_JAVA_FEATURE+)."
        else
            echo "  JAVA_HOME is not set."
        fi
        echo "  Looked in:$_rda_looked"
        echo "  Fix: set JAVA_HOME to a JDK $RDA_MIN_JAVA_FEATURE+ install, or install one under /usr/lib/jvm"
        echo "       (e.g. Debian/Ubuntu: apt-get install temurin-25-jdk, from the Adoptium repository)."
        echo "  Other search roots can be given in RDA_JDK_SEARCH_PATH (colon-separated)."
    } >&2
    return 1
}

_rda_find_jdk25
