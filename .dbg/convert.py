"""convert.py FILE AREA  — converts app.METHOD('path', { schema: {...} }) routes to endpointSchema;
prints the schemas map and api lines. Names: derived (edit after)."""
import re,sys,json
path,area=sys.argv[1],sys.argv[2]
names=json.loads(sys.argv[3]) if len(sys.argv)>3 else {}
s=open(path).read()

def match_brace(s,i):  # s[i]=='{' or '(' ; returns index after matching
    o=s[i]; c={'{':'}','(':')','[':']'}[o]; d=0; j=i
    instr=None
    while j<len(s):
        ch=s[j]
        if instr:
            if ch=='\\': j+=2; continue
            if ch==instr: instr=None
        elif ch in '\'"`': instr=ch
        elif ch in '{([': d+=1
        elif ch in '})]':
            d-=1
            if d==0: return j+1
        j+=1
    raise Exception('unbalanced')

def split_props(inner):
    props=[];d=0;cur='';instr=None;i=0
    while i<len(inner):
        ch=inner[i]
        if instr:
            cur+=ch
            if ch=='\\': cur+=inner[i+1]; i+=2; continue
            if ch==instr: instr=None
        elif ch in '\'"`': instr=ch; cur+=ch
        elif ch in '{([': d+=1; cur+=ch
        elif ch in '})]': d-=1; cur+=ch
        elif ch==',' and d==0: props.append(cur.strip()); cur=''
        else: cur+=ch
        i+=1
    if cur.strip(): props.append(cur.strip())
    return props

out='';pos=0;schemas=[];lines=[]
for m in re.finditer(r"app\.(get|post|put|delete|patch)\(\s*'([^']+)',",s):
    meth,p=m.group(1),m.group(2)
    key=f"{meth.upper()} {p}"
    name=names.get(key) or (meth+re.sub(r'[^A-Za-z0-9]+',' ',p).title().replace(' ',''))
    sm=re.compile(r"schema: \{").search(s,m.end())
    if not sm: continue
    b=sm.end()-1; e=match_brace(s,b)
    props=split_props(s[b+1:e-1])
    keep=[];sch={}
    for pr in props:
        k=pr.split(':',1)[0].strip()
        v=pr.split(':',1)[1].strip() if ':' in pr else pr
        if k=='params': sch['params']=v
        elif k=='querystring': sch['query']=v
        elif k=='body': sch['body']=v
        elif k=='response':
            rp=split_props(v.strip()[1:-1]); rest=[]
            for r in rp:
                rk,rv=r.split(':',1); rv=rv.strip()
                mm=re.fullmatch(r"envelopeSchema\((.*)\)",rv,re.S)
                if rk.strip()=='200' and mm: sch['data']=mm.group(1)
                else: rest.append(r)
            if rest: keep.append('response: { '+', '.join(rest)+' }')
        else: keep.append(pr)
    out+=s[pos:m.start()]+f"app.{meth}(\n    {area}Api.{name}.path,"
    out+=s[m.end():sm.start()]+f"schema: endpointSchema({area}Schemas.{name}, {{ "+', '.join(keep)+" })"
    pos=e
    schemas.append(f"  {name}: {{ "+', '.join(f"{k}: {v}" for k,v in sch.items())+" },")
    lines.append(f"  {name}: '{meth.upper()} {p}',")
out+=s[pos:]
open(path,'w').write(out)
print('\n'.join(schemas)); print('---'); print('\n'.join(lines))
